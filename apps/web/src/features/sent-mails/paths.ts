export const sentMailPaths = {
  sentMails: '/sent-mails',
} as const;
