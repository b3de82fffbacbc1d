import {
  COMPANY_ROUTES,
  type CompanyImportError,
  type CompanyImportResult,
  companyImportRefusalSchema,
} from '@cuspid/contracts/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { companyKeys } from './companies';

/** POST /api/companies-import (multipart): the CSV in the export's columns. */
export function importCompanies(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<CompanyImportResult>('api', COMPANY_ROUTES.companiesImport, form);
}

/** The refused lines of a refused import (400 with `lines` beside the standard `errors`), if the error is one. */
export function importErrors(error: unknown): CompanyImportError[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const parsed = companyImportRefusalSchema.shape.lines.safeParse(error.body.lines);
  return parsed.success ? parsed.data : undefined;
}

export function useImportCompanies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCompanies,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
