/** How the customer pays, as the portal's API shows it (`/me/payments`). */
export type PaymentOptions = {
  offered: ('direct-debit' | 'card')[];
  links: { directDebit: string; account: string; card: string };
  automaticPayment: { method: string; status: string } | null;
  prepayOptions: { label: string; amount: number }[];
};
