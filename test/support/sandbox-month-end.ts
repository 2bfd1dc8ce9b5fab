/**
 * The sandbox's month-end records (part of sandbox-data.ts): open invoices and the unmatched deposits that pay
 * them, one for each way `cli reconcile` finds a match, an ambiguous one and one that matches nothing.
 */
import type {Rec} from './server-values.js'

const ACME = 'VolejRejNm'
const GLOBEX = 'Opnel5aKBz'
const INITECH = 'Kd8xQ2pLmA'

const invoice = (id: string, number: string, clientId: string, amount: number, date: string): Rec => ({
  id,
  client_id: clientId,
  number,
  status_id: '2',
  date,
  due_date: date.replace(/-(\d\d)-/, (_, m: string) => `-${String(Number(m) + 1).padStart(2, '0')}-`),
  amount,
  balance: amount,
  paid_to_date: 0,
  line_items: [{product_key: 'Consulting', quantity: 1, cost: amount, line_total: amount}],
  invitations: [{key: `invkey${number}${id.toLowerCase()}`}],
})

export const MONTH_END_INVOICES: Rec[] = [
  invoice('Iv4gH2kLm1', '0004', GLOBEX, 240, '2024-02-05'),
  invoice('Iv5hJ3lMn2', '0005', INITECH, 120, '2024-02-06'),
  invoice('Iv6jK4mNp3', '0006', INITECH, 80.5, '2024-02-07'),
  invoice('Iv7kL5nPq4', '0007', GLOBEX, 333.33, '2024-02-08'),
  invoice('Iv8lM6pQr5', '0008', GLOBEX, 90, '2024-02-09'),
  invoice('Iv9mN7qRs6', '0009', ACME, 90, '2024-02-09'),
]

const deposit = (id: string, date: string, amount: number, description: string): Rec => ({
  id,
  bank_integration_id: 'Bi7kQ2mXw4',
  date,
  amount,
  description,
  base_type: 'CREDIT',
  status_id: '1',
  currency_id: '1',
})

export const MONTH_END_DEPOSITS: Rec[] = [
  deposit('Bt1aK4mQz7', '2024-03-01', 240, 'GLOBEX CORP PAYMENT INV-0004'),
  deposit('Bt2bL5nRy8', '2024-03-02', 200.5, 'INITECH FEBRUARY SETTLEMENT'),
  deposit('Bt3cM6pSx9', '2024-03-03', 333.33, 'SEPA TRANSFER REF 88123'),
  deposit('Bt4dN7qTw1', '2024-03-04', 90, 'BANK GIRO 5521'),
  deposit('Bt6fQ9sVu3', '2024-03-05', 1.23, 'INTEREST'),
]
