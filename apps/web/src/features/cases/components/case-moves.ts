import {
  CASE_PERMISSIONS,
  type CaseMover,
  type CaseStatus,
  checkTransition,
  nextStatuses,
} from '@cuspid/contracts/cases';
import { useCan } from '../../../lib/can';
import { useIsStaff, useSeesOtherCompanies } from '../../../lib/use-is-staff';

type Movable = { status: CaseStatus; previous_status: CaseStatus | null };

/** Whether the state machine lets `mover` move this case to `to`. */
export const mayMove = (item: Movable, to: CaseStatus, mover: CaseMover) =>
  checkTransition(item.status, to, mover, item.previous_status).ok;

/** The statuses at least one of the cases can be moved to by `mover`. */
export function reachableStatuses(items: readonly Movable[], mover: CaseMover): CaseStatus[] {
  const reachable = new Set<CaseStatus>();
  for (const item of items)
    for (const move of nextStatuses(item.status, item.previous_status))
      if (move.movers.includes(mover)) reachable.add(move.status);
  return [...reachable];
}

/**
 * Who the user is to the state machine (the back office's users are staff, everyone else a customer) and which
 * case actions their permissions allow. The server decides; this only shapes what is offered.
 */
export function useCaseAbilities() {
  const { can } = useCan();
  const staff = useIsStaff();
  const isStaff = staff === true;
  const mover: CaseMover = isStaff ? 'staff' : 'customer';
  const others = useSeesOtherCompanies();
  return {
    mover,
    isStaff,
    /** Whether the caller's company (and so whether it is staff) is known yet. */
    isStaffKnown: staff !== undefined,
    /** Whether the caller's cases span several companies (the back office, a partner with customers). */
    seesOtherCompanies: others === true,
    seesOtherCompaniesKnown: others !== undefined,
    approve: can(CASE_PERMISSIONS.approve),
    recalculate: can(CASE_PERMISSIONS.recalculate),
    delete: can(CASE_PERMISSIONS.delete),
    lock: can(CASE_PERMISSIONS.lock),
    /** Any status change (staff with backoffice-case-instance-status). */
    status: isStaff && can(CASE_PERMISSIONS.status),
    labels: can(CASE_PERMISSIONS.read),
  };
}
