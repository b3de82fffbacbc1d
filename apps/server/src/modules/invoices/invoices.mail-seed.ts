import type { MailDeclaration } from '../../lib/declarations';
import { paragraphs as p, mailVariable as v } from '../../lib/mail-seed';

/** The mails about invoices (one reminder event per level), with their default templates (en, de, fr). */
export const INVOICE_MAILS: readonly MailDeclaration[] = [
  {
    event: 'invoice.issued',
    name: 'Invoice issued',
    variables: [
      v('invoice_number', 'Invoice number', '2026-0113'),
      v('total', 'Total amount, formatted', '119,00 €'),
      v('due_date', 'Due date, formatted', '2026-12-06'),
    ],
    contents: {
      en: {
        subject: 'Invoice {{ invoice_number }}',
        body: p(
          'Hello,',
          'please find invoice {{ invoice_number }} over {{ total }} in the portal. It is due on {{ due_date }}.',
        ),
      },
      de: {
        subject: 'Rechnung {{ invoice_number }}',
        body: p(
          'Guten Tag,',
          'die Rechnung {{ invoice_number }} über {{ total }} finden Sie im Portal. Sie ist fällig am {{ due_date }}.',
        ),
      },
      fr: {
        subject: 'Facture {{ invoice_number }}',
        body: p(
          'Bonjour,',
          'la facture {{ invoice_number }} d’un montant de {{ total }} est disponible sur le portail. Échéance : {{ due_date }}.',
        ),
      },
    },
  },
  reminder(1),
  reminder(2),
  reminder(3),
  {
    event: 'invoice.summary',
    name: 'Invoice summary',
    variables: [
      v('period', 'The year or month summed up', '2026-03'),
      v('invoice_count', 'Invoices issued in the period', '42'),
      v('credit_note_count', 'Credit notes issued in the period', '2'),
      v('net', 'Net amount, credit notes netted, formatted', '4.200,00 €'),
      v('tax', 'Tax, formatted', '798,00 €'),
      v('total', 'Total amount, formatted', '4.998,00 €'),
    ],
    contents: {
      en: {
        subject: 'Invoice summary {{ period }}',
        body: p(
          'Hello,',
          'in {{ period }}, {{ invoice_count }} invoices and {{ credit_note_count }} credit notes were issued: net {{ net }}, tax {{ tax }}, total {{ total }} (credit notes netted).',
          'The attached CSV file holds the figures by month, by country and by VAT treatment.',
        ),
      },
      de: {
        subject: 'Rechnungsübersicht {{ period }}',
        body: p(
          'Guten Tag,',
          'im Zeitraum {{ period }} wurden {{ invoice_count }} Rechnungen und {{ credit_note_count }} Gutschriften ausgestellt: netto {{ net }}, Steuer {{ tax }}, gesamt {{ total }} (Gutschriften verrechnet).',
          'Die angehängte CSV-Datei enthält die Zahlen nach Monat, Land und steuerlicher Behandlung.',
        ),
      },
      fr: {
        subject: 'Récapitulatif des factures {{ period }}',
        body: p(
          'Bonjour,',
          'sur la période {{ period }}, {{ invoice_count }} factures et {{ credit_note_count }} avoirs ont été émis : HT {{ net }}, TVA {{ tax }}, TTC {{ total }} (avoirs déduits).',
          'Le fichier CSV joint détaille les montants par mois, par pays et par régime de TVA.',
        ),
      },
    },
  },
];

function reminder(level: number): MailDeclaration {
  return {
    event: `invoice.reminder-${level}`,
    name: `Invoice reminder level ${level}`,
    variables: [
      v('invoice_number', 'Invoice number', '2026-0113'),
      v('level_name', 'Name of the reminder level', `Reminder ${level}`),
      v('open_amount', 'Open amount, formatted', '119,00 €'),
      v('reminder_fee', 'Reminder fee, formatted', '5,00 €'),
      v('start_text', 'Opening text of the level', ''),
      v('end_text', 'Closing text of the level', ''),
    ],
    contents: {
      en: {
        subject: '{{ level_name }}: invoice {{ invoice_number }}',
        body: p(
          '{{ start_text }}',
          'Invoice {{ invoice_number }} is still open: {{ open_amount }} plus a reminder fee of {{ reminder_fee }}.',
          '{{ end_text }}',
        ),
      },
      de: {
        subject: '{{ level_name }}: Rechnung {{ invoice_number }}',
        body: p(
          '{{ start_text }}',
          'Die Rechnung {{ invoice_number }} ist noch offen: {{ open_amount }} zuzüglich einer Mahngebühr von {{ reminder_fee }}.',
          '{{ end_text }}',
        ),
      },
      fr: {
        subject: '{{ level_name }} : facture {{ invoice_number }}',
        body: p(
          '{{ start_text }}',
          'La facture {{ invoice_number }} reste impayée : {{ open_amount }}, plus des frais de relance de {{ reminder_fee }}.',
          '{{ end_text }}',
        ),
      },
    },
  };
}
