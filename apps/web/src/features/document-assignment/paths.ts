export const documentAssignmentPaths = {
  documentAssignment: '/document-assignment',
} as const;
