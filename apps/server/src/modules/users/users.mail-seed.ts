import type { MailDeclaration } from '../../lib/declarations';
import { paragraphs as p, portalUrlVariable as portal, mailVariable as v } from '../../lib/mail-seed';

/** The mail welcoming a registered account, with its default templates (en, de, fr). */
export const USER_MAILS: readonly MailDeclaration[] = [
  {
    event: 'registration.welcome',
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
];
