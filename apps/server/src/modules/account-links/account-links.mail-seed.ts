import type { MailDeclaration } from '../../lib/declarations';
import { firstNameVariable as firstName, paragraphs as p, mailVariable as v } from '../../lib/mail-seed';

/** The mails carrying an account link: an invitation, a password reset, with their default templates (en, de, fr). */
export const ACCOUNT_LINK_MAILS: readonly MailDeclaration[] = [
  {
    event: 'user.invitation',
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
  {
    event: 'user.password-reset',
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
];
