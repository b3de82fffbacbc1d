export const reminderLevelPaths = {
  reminderLevels: '/invoice-reminder-levels',
  reminderLevelCreate: '/invoice-reminder-levels/create',
  reminderLevelEditRoute: '/invoice-reminder-levels/:id/edit',
  reminderLevelEdit: (id: string) => `/invoice-reminder-levels/${id}/edit`,
} as const;
