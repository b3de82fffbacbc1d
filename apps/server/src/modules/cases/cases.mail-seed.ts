import type { MailDeclaration } from '../../lib/declarations';
import { firstNameVariable as firstName, paragraphs as p, mailVariable as v } from '../../lib/mail-seed';

const caseName = v('case_name', 'Name of the case', 'Case 2026-0042');
const caseUrl = v('case_url', 'Link to the case', 'https://portal.example.com/my-cases/1/show');

/** The mails about a case's progress, with their default templates (en, de, fr). */
export const CASE_MAILS: readonly MailDeclaration[] = [
  {
    event: 'case.approved',
    name: 'Case approved',
    variables: [firstName, caseName, caseUrl],
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
  {
    event: 'case.rejected',
    name: 'Case rejected',
    variables: [firstName, caseName, v('reason', 'Why the case was rejected', 'The scan is incomplete')],
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
  {
    event: 'case.result-ready',
    name: 'Case result ready',
    variables: [firstName, caseName, caseUrl],
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
  {
    event: 'case.unsupported',
    name: 'Case not supported',
    variables: [
      firstName,
      caseName,
      caseUrl,
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
  {
    event: 'case.failed',
    name: 'Case processing failed',
    variables: [
      firstName,
      caseName,
      caseUrl,
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
];
