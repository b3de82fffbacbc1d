import type { mailTemplateAssignmentSchema } from '@cuspid/contracts/mail';
import { MAIL_ASSIGNMENT_ROUTES, type MailTemplateAssignmentsSave } from '@cuspid/contracts/mail';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';

export type MailTemplateAssignmentList = TotalList<typeof mailTemplateAssignmentSchema>;

export const mailAssignmentKeys = { all: ['mail-template-assignments'] as const };

export const getMailTemplateAssignments = (signal?: AbortSignal) =>
  api.get<MailTemplateAssignmentList>('api', MAIL_ASSIGNMENT_ROUTES.list, { signal });
export const mailTemplateAssignmentsQuery = () =>
  queryOptions({ queryKey: mailAssignmentKeys.all, queryFn: ({ signal }) => getMailTemplateAssignments(signal) });
export const useMailTemplateAssignments = () => useQuery(mailTemplateAssignmentsQuery());

export const saveMailTemplateAssignments = (body: MailTemplateAssignmentsSave) =>
  api.post<MailTemplateAssignmentList & { message: string }>('api', MAIL_ASSIGNMENT_ROUTES.save, body);

export function useSaveMailTemplateAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailTemplateAssignments,
    onSuccess: (saved) => queryClient.setQueryData(mailAssignmentKeys.all, { data: saved.data, total: saved.total }),
  });
}
