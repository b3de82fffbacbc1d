import type { MailDeclaration } from '../../lib/declarations';
import { paragraphs as p, mailVariable as v } from '../../lib/mail-seed';

/** The mail confirming a payment, with its default templates (en, de, fr). */
export const PAYMENT_MAILS: readonly MailDeclaration[] = [
  {
    event: 'payment.received',
    name: 'Payment received',
    variables: [v('amount', 'Amount paid, formatted', '119,00 €'), v('invoice_number', 'Invoice number', '2026-0113')],
    contents: {
      en: {
        subject: 'Thank you for your payment',
        body: p('Hello,', 'we received {{ amount }} for invoice {{ invoice_number }}. Thank you.'),
      },
      de: {
        subject: 'Vielen Dank für Ihre Zahlung',
        body: p('Guten Tag,', 'wir haben {{ amount }} für die Rechnung {{ invoice_number }} erhalten. Vielen Dank.'),
      },
      fr: {
        subject: 'Merci pour votre paiement',
        body: p('Bonjour,', 'nous avons reçu {{ amount }} pour la facture {{ invoice_number }}. Merci.'),
      },
    },
  },
];
