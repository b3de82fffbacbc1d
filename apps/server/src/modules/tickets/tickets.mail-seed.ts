import type { MailDeclaration } from '../../lib/declarations';
import { firstNameVariable as firstName, paragraphs as p, mailVariable as v } from '../../lib/mail-seed';

const ticketNumber = v('ticket_number', 'Ticket number', 'T-2026-000042');
const ticketSubject = v('subject', 'Subject of the ticket', 'Result of case Miller looks shifted');
const ticketUrl = v('ticket_url', 'Link to the ticket', 'https://portal.example.com/tickets/1/edit');

/** The mails about support tickets, with their default templates (en, de, fr). */
export const TICKET_MAILS: readonly MailDeclaration[] = [
  {
    event: 'ticket.created',
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
  {
    event: 'ticket.received',
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
  {
    event: 'ticket.answered',
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
  {
    event: 'ticket.status-changed',
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
  {
    event: 'ticket.assigned',
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
];
