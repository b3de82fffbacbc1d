import type { MailSeedVariable } from './declarations';

/** A variable of a default mail template: its name, what it holds, and the example the preview shows. */
export const mailVariable = (name: string, description: string, example: string): MailSeedVariable => ({
  name,
  description,
  example,
});

/** A default template's body: one paragraph per line. */
export const paragraphs = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('\n');

/** The portal's address, offered by the templates that link to it. */
export const portalUrlVariable = mailVariable('portal_url', 'Address of the portal', 'https://portal.example.com');

/** The recipient's first name, offered by the templates that greet a person. */
export const firstNameVariable = mailVariable('first_name', 'First name of the recipient (may be empty)', 'Anna');
