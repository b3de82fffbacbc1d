import type { Case, CaseListItem, CaseResult } from '@cuspid/contracts/cases';
import type { Company } from '@cuspid/contracts/companies';
import { sessionStore } from '../../lib/session';
import { COMPANY_ID, loginResponse } from '../../testing/fixtures';

export const CASE_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const CASE_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const RESULT_1 = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const UPLOAD_UPPER = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

export function caseRecord(overrides: Partial<Case> = {}): Case {
  return {
    id: CASE_A,
    company_id: COMPANY_ID,
    company_name: 'Praxis Weiss',
    name: 'Crown 16',
    patient: 'P-0042',
    patient_birth_year: 1980,
    notes: 'Check the margin',
    status: 'in-approval',
    previous_status: null,
    upper_teeth: [16],
    lower_teeth: [],
    jaws: [
      {
        jaw: 'upper',
        status: 'done',
        file_name: 'upper.stl',
        size: 2_097_152,
        sha256: 'a'.repeat(64),
        unsupported_reason: null,
        quality: {
          format: 'stl',
          triangles: 120_000,
          vertices: 60_002,
          bounding_box: { min: [0, 0, 0], max: [60, 50, 20], size: [60, 50, 20] },
          surface_area: 5400.5,
          boundary_edges: 12,
          holes: 1,
          non_manifold_edges: 0,
          duplicate_faces: 0,
          degenerate_faces: 0,
          frame: {
            occlusal: [0, 0, 1],
            anterior: [0, 1, 0],
            right: [1, 0, 0],
            center: [30, 25, 10],
            size: [58, 48, 20],
            confidence: 0.9,
          },
        },
        deleted_at: null,
      },
    ],
    credits_spent: 3,
    engine: 'reference',
    processing_error: null,
    result_count: 1,
    locked_by: null,
    locked_by_name: null,
    locked_at: null,
    flag: null,
    tags: [],
    created_by: null,
    created_by_name: 'Anna Weiss',
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

export function caseListItem(overrides: Partial<CaseListItem> = {}): CaseListItem {
  const { jaws, notes: _notes, ...rest } = caseRecord();
  return {
    ...rest,
    jaws: jaws.map((j) => ({ jaw: j.jaw, status: j.status, deleted_at: j.deleted_at })),
    ...overrides,
  };
}

export function caseResult(overrides: Partial<CaseResult> = {}): CaseResult {
  return {
    id: RESULT_1,
    case_id: CASE_A,
    version: 1,
    status: 'done',
    engine: 'reference',
    note: null,
    files: [
      {
        id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
        kind: 'mesh',
        jaw: 'upper',
        file_name: 'crown-16.stl',
        content_type: 'model/stl',
        size: 204_800,
        sha256: 'b'.repeat(64),
        created_at: '2026-11-21T08:00:00.000Z',
      },
    ],
    ratings: [],
    created_at: '2026-11-21T08:00:00.000Z',
    updated_at: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

/** The caller's company: the operator's (staff) or a practice. */
export const myCompany = (isOperator: boolean) => ({ id: COMPANY_ID, is_operator: isOperator }) as Company;

export function signInWith(titles: string[], roles: string[] = ['end-user']) {
  sessionStore.signIn(loginResponse({ roles }));
  sessionStore.setPermissionTitles(titles);
}
