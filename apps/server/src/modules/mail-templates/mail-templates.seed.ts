import type { MailEvent } from '@cuspid/contracts/mail';
import type { StoredMailContent, StoredMailVariable } from './mail-templates.schema';

type Seed = {
  name: string;
  variables: StoredMailVariable[];
  contents: { en: StoredMailContent; de: StoredMailContent; fr: StoredMailContent };
};

const v = (name: string, description: string, example: string): StoredMailVariable => ({ name, description, example });
const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('\n');

const portal = v('portal_url', 'Address of the portal', 'https://portal.example.com');
const firstName = v('first_name', 'First name of the recipient (may be empty)', 'Anna');
const ticketNumber = v('ticket_number', 'Ticket number', 'T-2026-000042');
const ticketSubject = v('subject', 'Subject of the ticket', 'Result of case Miller looks shifted');
const ticketUrl = v('ticket_url', 'Link to the ticket', 'https://portal.example.com/tickets/1/edit');

/** The product's default template for every event it sends, in English, German and French. */
export const DEFAULT_MAIL_TEMPLATES: Record<MailEvent, Seed> = {
  'registration.welcome': {
    name: 'Registration welcome',
    variables: [v('mail', 'Mail address the account was registered with', 'anna@example.com'), portal],
    contents: {
      en: {
        subject: 'Welcome to Cuspid',
        body: p('Hello,', 'your account {{ mail }} is ready.', '<a href="{{ portal_url }}">Sign in to Cuspid</a>'),
      },
      de: {
        subject: 'Willkommen bei Cuspid',
        body: p(
          'Hallo,',
          'Ihr Konto {{ mail }} ist eingerichtet.',
          '<a href="{{ portal_url }}">Bei Cuspid anmelden</a>',
        ),
      },
      fr: {
        subject: 'Bienvenue sur Cuspid',
        body: p(
          'Bonjour,',
          'votre compte {{ mail }} est prêt.',
          '<a href="{{ portal_url }}">Se connecter à Cuspid</a>',
        ),
      },
    },
  },
  'user.invitation': {
    name: 'Invitation and password setup',
    variables: [
      firstName,
      v('company_name', 'Company that invites', 'Demo Dental Practice'),
      v('set_password_url', 'Link to set the password', 'https://portal.example.com/set-password'),
    ],
    contents: {
      en: {
        subject: 'You are invited to {{ company_name }} on Cuspid',
        body: p(
          'Hello {{ first_name }},',
          '{{ company_name }} invited you to Cuspid.',
          '<a href="{{ set_password_url }}">Set your password</a>',
        ),
      },
      de: {
        subject: 'Einladung zu {{ company_name }} bei Cuspid',
        body: p(
          'Hallo {{ first_name }},',
          '{{ company_name }} hat Sie zu Cuspid eingeladen.',
          '<a href="{{ set_password_url }}">Passwort festlegen</a>',
        ),
      },
      fr: {
        subject: 'Invitation de {{ company_name }} sur Cuspid',
        body: p(
          'Bonjour {{ first_name }},',
          '{{ company_name }} vous invite sur Cuspid.',
          '<a href="{{ set_password_url }}">Définir votre mot de passe</a>',
        ),
      },
    },
  },
  'user.password-reset': {
    name: 'Password reset',
    variables: [firstName, v('reset_url', 'Link to choose a new password', 'https://portal.example.com/reset')],
    contents: {
      en: {
        subject: 'Reset your Cuspid password',
        body: p(
          'Hello {{ first_name }},',
          '<a href="{{ reset_url }}">Choose a new password</a>',
          'If you did not ask for this, ignore this mail.',
        ),
      },
      de: {
        subject: 'Cuspid-Passwort zurücksetzen',
        body: p(
          'Hallo {{ first_name }},',
          '<a href="{{ reset_url }}">Neues Passwort wählen</a>',
          'Falls Sie das nicht angefordert haben, ignorieren Sie diese Mail.',
        ),
      },
      fr: {
        subject: 'Réinitialiser votre mot de passe Cuspid',
        body: p(
          'Bonjour {{ first_name }},',
          '<a href="{{ reset_url }}">Choisir un nouveau mot de passe</a>',
          'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
        ),
      },
    },
  },
  'case.approved': {
    name: 'Case approved',
    variables: [
      firstName,
      v('case_name', 'Name of the case', 'Case 2026-0042'),
      v('case_url', 'Link to the case', 'https://portal.example.com/my-cases/1/show'),
    ],
    contents: {
      en: {
        subject: 'Case {{ case_name }} was approved',
        body: p(
          'Hello {{ first_name }},',
          'your case {{ case_name }} was approved and is being processed.',
          '<a href="{{ case_url }}">Open the case</a>',
        ),
      },
      de: {
        subject: 'Fall {{ case_name }} wurde freigegeben',
        body: p(
          'Hallo {{ first_name }},',
          'Ihr Fall {{ case_name }} wurde freigegeben und wird bearbeitet.',
          '<a href="{{ case_url }}">Fall öffnen</a>',
        ),
      },
      fr: {
        subject: 'Le cas {{ case_name }} a été approuvé',
        body: p(
          'Bonjour {{ first_name }},',
          'votre cas {{ case_name }} a été approuvé et est en cours de traitement.',
          '<a href="{{ case_url }}">Ouvrir le cas</a>',
        ),
      },
    },
  },
  'case.rejected': {
    name: 'Case rejected',
    variables: [
      firstName,
      v('case_name', 'Name of the case', 'Case 2026-0042'),
      v('reason', 'Why the case was rejected', 'The scan is incomplete'),
    ],
    contents: {
      en: {
        subject: 'Case {{ case_name }} was rejected',
        body: p('Hello {{ first_name }},', 'your case {{ case_name }} was rejected: {{ reason }}'),
      },
      de: {
        subject: 'Fall {{ case_name }} wurde abgelehnt',
        body: p('Hallo {{ first_name }},', 'Ihr Fall {{ case_name }} wurde abgelehnt: {{ reason }}'),
      },
      fr: {
        subject: 'Le cas {{ case_name }} a été refusé',
        body: p('Bonjour {{ first_name }},', 'votre cas {{ case_name }} a été refusé : {{ reason }}'),
      },
    },
  },
  'case.result-ready': {
    name: 'Case result ready',
    variables: [
      firstName,
      v('case_name', 'Name of the case', 'Case 2026-0042'),
      v('case_url', 'Link to the case', 'https://portal.example.com/my-cases/1/show'),
    ],
    contents: {
      en: {
        subject: 'The result of {{ case_name }} is ready',
        body: p(
          'Hello {{ first_name }},',
          'the result of your case {{ case_name }} is ready.',
          '<a href="{{ case_url }}">View the result</a>',
        ),
      },
      de: {
        subject: 'Das Ergebnis von {{ case_name }} ist fertig',
        body: p(
          'Hallo {{ first_name }},',
          'das Ergebnis Ihres Falls {{ case_name }} ist fertig.',
          '<a href="{{ case_url }}">Ergebnis ansehen</a>',
        ),
      },
      fr: {
        subject: 'Le résultat de {{ case_name }} est prêt',
        body: p(
          'Bonjour {{ first_name }},',
          'le résultat de votre cas {{ case_name }} est prêt.',
          '<a href="{{ case_url }}">Voir le résultat</a>',
        ),
      },
    },
  },
  'case.unsupported': {
    name: 'Case not supported',
    variables: [
      firstName,
      v('case_name', 'Name of the case', 'Case 2026-0042'),
      v('case_url', 'Link to the case', 'https://portal.example.com/my-cases/1/show'),
      v('reason', 'Why the scans could not be used', 'The lower jaw scan has no teeth on it'),
    ],
    contents: {
      en: {
        subject: 'Case {{ case_name }} could not be processed',
        body: p(
          'Hello {{ first_name }},',
          'the scans of your case {{ case_name }} could not be used: {{ reason }}',
          'The credits went back to your balance. Upload other scans and submit the case again.',
          '<a href="{{ case_url }}">Open the case</a>',
        ),
      },
      de: {
        subject: 'Fall {{ case_name }} konnte nicht bearbeitet werden',
        body: p(
          'Hallo {{ first_name }},',
          'die Scans Ihres Falls {{ case_name }} konnten nicht verwendet werden: {{ reason }}',
          'Die Credits wurden Ihrem Guthaben gutgeschrieben. Laden Sie andere Scans hoch und reichen Sie den Fall erneut ein.',
          '<a href="{{ case_url }}">Fall öffnen</a>',
        ),
      },
      fr: {
        subject: 'Le cas {{ case_name }} n’a pas pu être traité',
        body: p(
          'Bonjour {{ first_name }},',
          'les scans de votre cas {{ case_name }} n’ont pas pu être utilisés : {{ reason }}',
          'Les crédits ont été recrédités sur votre solde. Téléversez d’autres scans et soumettez à nouveau le cas.',
          '<a href="{{ case_url }}">Ouvrir le cas</a>',
        ),
      },
    },
  },
  'case.failed': {
    name: 'Case processing failed',
    variables: [
      firstName,
      v('case_name', 'Name of the case', 'Case 2026-0042'),
      v('case_url', 'Link to the case', 'https://portal.example.com/my-cases/1/show'),
      v('reason', 'What went wrong', 'The engine did not finish within 30 minutes'),
    ],
    contents: {
      en: {
        subject: 'Processing of case {{ case_name }} failed',
        body: p(
          'Hello {{ first_name }},',
          'the processing of your case {{ case_name }} failed: {{ reason }}',
          'The credits went back to your balance. You can have the case processed again from its page.',
          '<a href="{{ case_url }}">Open the case</a>',
        ),
      },
      de: {
        subject: 'Bearbeitung von Fall {{ case_name }} fehlgeschlagen',
        body: p(
          'Hallo {{ first_name }},',
          'die Bearbeitung Ihres Falls {{ case_name }} ist fehlgeschlagen: {{ reason }}',
          'Die Credits wurden Ihrem Guthaben gutgeschrieben. Sie können den Fall auf seiner Seite erneut berechnen lassen.',
          '<a href="{{ case_url }}">Fall öffnen</a>',
        ),
      },
      fr: {
        subject: 'Le traitement du cas {{ case_name }} a échoué',
        body: p(
          'Bonjour {{ first_name }},',
          'le traitement de votre cas {{ case_name }} a échoué : {{ reason }}',
          'Les crédits ont été recrédités sur votre solde. Vous pouvez relancer le calcul depuis la page du cas.',
          '<a href="{{ case_url }}">Ouvrir le cas</a>',
        ),
      },
    },
  },
  'invoice.issued': {
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
  'invoice.reminder-1': reminder(1),
  'invoice.reminder-2': reminder(2),
  'invoice.reminder-3': reminder(3),
  'invoice.summary': {
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
  'payment.received': {
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
  'ticket.created': {
    name: 'New ticket (to the support team)',
    variables: [
      ticketNumber,
      ticketSubject,
      ticketUrl,
      v('company_name', 'Company the ticket is for', 'Demo Dental Practice'),
      v('priority', 'Priority of the ticket', 'high'),
      v('description', 'What the customer wrote', 'The upper jaw result looks shifted.'),
    ],
    contents: {
      en: {
        subject: 'New ticket {{ ticket_number }}: {{ subject }}',
        body: p(
          '{{ company_name }} opened ticket {{ ticket_number }} (priority {{ priority }}):',
          '{{ description }}',
          '<a href="{{ ticket_url }}">Open the ticket</a>',
        ),
      },
      de: {
        subject: 'Neues Ticket {{ ticket_number }}: {{ subject }}',
        body: p(
          '{{ company_name }} hat das Ticket {{ ticket_number }} eröffnet (Priorität {{ priority }}):',
          '{{ description }}',
          '<a href="{{ ticket_url }}">Ticket öffnen</a>',
        ),
      },
      fr: {
        subject: 'Nouveau ticket {{ ticket_number }} : {{ subject }}',
        body: p(
          '{{ company_name }} a ouvert le ticket {{ ticket_number }} (priorité {{ priority }}) :',
          '{{ description }}',
          '<a href="{{ ticket_url }}">Ouvrir le ticket</a>',
        ),
      },
    },
  },
  'ticket.received': {
    name: 'Ticket received (to the reporter)',
    variables: [firstName, ticketNumber, ticketSubject, ticketUrl],
    contents: {
      en: {
        subject: 'We received your ticket {{ ticket_number }}',
        body: p(
          'Hello {{ first_name }},',
          'thank you for your message "{{ subject }}". Our support team answers as soon as possible.',
          '<a href="{{ ticket_url }}">Follow your ticket</a>',
        ),
      },
      de: {
        subject: 'Wir haben Ihr Ticket {{ ticket_number }} erhalten',
        body: p(
          'Hallo {{ first_name }},',
          'vielen Dank für Ihre Nachricht „{{ subject }}“. Unser Support-Team antwortet so bald wie möglich.',
          '<a href="{{ ticket_url }}">Ticket verfolgen</a>',
        ),
      },
      fr: {
        subject: 'Nous avons reçu votre ticket {{ ticket_number }}',
        body: p(
          'Bonjour {{ first_name }},',
          'merci pour votre message « {{ subject }} ». Notre équipe support vous répond dès que possible.',
          '<a href="{{ ticket_url }}">Suivre votre ticket</a>',
        ),
      },
    },
  },
  'ticket.answered': {
    name: 'Ticket answered',
    variables: [
      firstName,
      ticketNumber,
      ticketSubject,
      ticketUrl,
      v('answer', 'The public answer (never an internal note)', 'Please upload the lower jaw again.'),
    ],
    contents: {
      en: {
        subject: 'New answer on ticket {{ ticket_number }}',
        body: p(
          'Hello {{ first_name }},',
          'there is a new answer on your ticket {{ ticket_number }} ({{ subject }}):',
          '{{ answer }}',
          '<a href="{{ ticket_url }}">Read it</a>',
        ),
      },
      de: {
        subject: 'Neue Antwort zu Ticket {{ ticket_number }}',
        body: p(
          'Hallo {{ first_name }},',
          'es gibt eine neue Antwort zu Ihrem Ticket {{ ticket_number }} ({{ subject }}):',
          '{{ answer }}',
          '<a href="{{ ticket_url }}">Antwort lesen</a>',
        ),
      },
      fr: {
        subject: 'Nouvelle réponse au ticket {{ ticket_number }}',
        body: p(
          'Bonjour {{ first_name }},',
          'votre ticket {{ ticket_number }} ({{ subject }}) a reçu une nouvelle réponse :',
          '{{ answer }}',
          '<a href="{{ ticket_url }}">La lire</a>',
        ),
      },
    },
  },
  'ticket.status-changed': {
    name: 'Ticket status changed',
    variables: [
      firstName,
      ticketNumber,
      ticketSubject,
      ticketUrl,
      v('status', 'The new status, in the language of the mail', 'resolved'),
    ],
    contents: {
      en: {
        subject: 'Ticket {{ ticket_number }} is now {{ status }}',
        body: p(
          'Hello {{ first_name }},',
          'your ticket {{ ticket_number }} ({{ subject }}) is now {{ status }}.',
          '<a href="{{ ticket_url }}">Open the ticket</a>',
        ),
      },
      de: {
        subject: 'Ticket {{ ticket_number }}: Status {{ status }}',
        body: p(
          'Hallo {{ first_name }},',
          'Ihr Ticket {{ ticket_number }} ({{ subject }}) hat jetzt den Status {{ status }}.',
          '<a href="{{ ticket_url }}">Ticket öffnen</a>',
        ),
      },
      fr: {
        subject: 'Ticket {{ ticket_number }} : statut {{ status }}',
        body: p(
          'Bonjour {{ first_name }},',
          'votre ticket {{ ticket_number }} ({{ subject }}) est maintenant au statut {{ status }}.',
          '<a href="{{ ticket_url }}">Ouvrir le ticket</a>',
        ),
      },
    },
  },
  'ticket.assigned': {
    name: 'Ticket assigned (to the assignee)',
    variables: [
      firstName,
      ticketNumber,
      ticketSubject,
      ticketUrl,
      v('company_name', 'Company the ticket is for', 'Demo Dental Practice'),
      v('priority', 'Priority of the ticket, in the language of the mail', 'high'),
      v('assigned_by', 'Who assigned the ticket', 'Anna Schmidt'),
    ],
    contents: {
      en: {
        subject: 'Ticket {{ ticket_number }} was assigned to you',
        body: p(
          'Hello {{ first_name }},',
          '{{ assigned_by }} assigned the ticket {{ ticket_number }} ({{ subject }}) of {{ company_name }} to you. Priority: {{ priority }}.',
          '<a href="{{ ticket_url }}">Open the ticket</a>',
        ),
      },
      de: {
        subject: 'Ticket {{ ticket_number }} wurde Ihnen zugewiesen',
        body: p(
          'Hallo {{ first_name }},',
          '{{ assigned_by }} hat Ihnen das Ticket {{ ticket_number }} ({{ subject }}) von {{ company_name }} zugewiesen. Priorität: {{ priority }}.',
          '<a href="{{ ticket_url }}">Ticket öffnen</a>',
        ),
      },
      fr: {
        subject: 'Le ticket {{ ticket_number }} vous a été attribué',
        body: p(
          'Bonjour {{ first_name }},',
          '{{ assigned_by }} vous a attribué le ticket {{ ticket_number }} ({{ subject }}) de {{ company_name }}. Priorité : {{ priority }}.',
          '<a href="{{ ticket_url }}">Ouvrir le ticket</a>',
        ),
      },
    },
  },
};

function reminder(level: number): Seed {
  return {
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
