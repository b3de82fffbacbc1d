import {
  DOCUMENT_ASSIGNMENT_ROUTE,
  type DocumentAssignmentList,
  type SaveDocumentAssignmentBody,
} from '@cuspid/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const documentAssignmentKeys = { all: ['document-assignment'] as const };

/** GET /api/global-settings/document-assignment: every document type with its template or null. */
export const getDocumentAssignments = (signal?: AbortSignal) =>
  api.get<DocumentAssignmentList>('api', DOCUMENT_ASSIGNMENT_ROUTE, { signal });

export const documentAssignmentQuery = () =>
  queryOptions({ queryKey: documentAssignmentKeys.all, queryFn: ({ signal }) => getDocumentAssignments(signal) });
export const useDocumentAssignments = () => useQuery(documentAssignmentQuery());

export const saveDocumentAssignments = (body: SaveDocumentAssignmentBody) =>
  api.post<DocumentAssignmentList>('api', DOCUMENT_ASSIGNMENT_ROUTE, body);

export function useSaveDocumentAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDocumentAssignments,
    onSuccess: (data) => queryClient.setQueryData(documentAssignmentKeys.all, data),
  });
}
