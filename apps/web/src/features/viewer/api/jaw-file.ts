import { CASE_ROUTES, type Jaw } from '@cuspid/contracts/cases';
import { api, type DownloadedFile } from '../../../lib/api-client';

/** A jaw scan's file as uploaded, with the session, for the viewer (bytes the viewer hands to its worker). */
export async function fetchJawFile(caseId: string, jaw: Jaw, signal?: AbortSignal): Promise<ArrayBuffer> {
  const file = await api.get<DownloadedFile>('api', CASE_ROUTES.jawFile(caseId, jaw), { responseType: 'file', signal });
  return file.blob.arrayBuffer();
}

/** One file of a result version (a mesh, or the decimated preview of a scan), for the viewer. */
export async function fetchResultFile(fileId: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const file = await api.get<DownloadedFile>('api', CASE_ROUTES.resultFile(fileId), { responseType: 'file', signal });
  return file.blob.arrayBuffer();
}
