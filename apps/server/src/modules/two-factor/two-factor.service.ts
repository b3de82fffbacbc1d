import { DEFAULT_RUNTIME_CONFIG, type LoginResponse, VALIDATION_MESSAGES } from '@cuspid/contracts';
import {
  type LoginTwoFactorBody,
  normaliseTwoFactorCode,
  RECOVERY_CODE_PATTERN,
  type RecoveryCodesResponse,
  TOTP_CODE_PATTERN,
  type TwoFactorConfirmBody,
  type TwoFactorEnableBody,
  type TwoFactorSetupBody,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@cuspid/contracts/two-factor';
import { generateSecret, generateURI, verify } from 'otplib';
import { toString as renderQrCode } from 'qrcode';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor, UserActor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { verifyTwoFactorChallenge } from '../../lib/tokens';
import {
  assertAccountNotLocked,
  type ClientInfo,
  clearAccountFailures,
  countAccountFailure,
  countIpAttempt,
  findLiveUserById,
  revokeUserSessions,
  startSession,
  type UserRow,
  verifyPassword,
} from '../sessions';
import * as repo from './two-factor.repository';
import { decryptTotpSecret, encryptTotpSecret, hashRecoveryCode, newRecoveryCodes } from './two-factor-crypto';

/** ±1 time step of 30 s: a code typed just before its step ended, or with a clock a little off, still passes. */
const TOTP_TOLERANCE_SECONDS = 30;

/**
 * The time step of a right code, or null. `afterStep` refuses codes of that step and earlier (replay).
 * A stored step ahead of this server's clock (the clock went back) refuses every code until it catches up.
 */
async function matchTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

const wrongCode = () =>
  new AppError('VALIDATION_FAILED', {
    message: VALIDATION_MESSAGES.twoFactorCodeWrong,
    errors: { code: [VALIDATION_MESSAGES.twoFactorCodeWrong] },
  });
const wrongPassword = () =>
  new AppError('VALIDATION_FAILED', {
    message: VALIDATION_MESSAGES.passwordWrong,
    errors: { password: [VALIDATION_MESSAGES.passwordWrong] },
  });
const notOn = () => new AppError('BAD_REQUEST', { message: 'Two-factor sign-in is not turned on' });

async function currentUser(deps: Deps, actor: Actor) {
  const user = await findLiveUserById(deps.db, actor.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  return user;
}

/**
 * Checks a code of a user with two-factor sign-in on (an app code or a recovery code) and spends it:
 * an app code's time step is recorded, a recovery code is marked used. False when wrong or used.
 */
export async function spendSecondFactor(deps: Deps, user: UserRow, code: string): Promise<boolean> {
  const normalised = normaliseTwoFactorCode(code);
  if (!user.twoFactorSecret || !user.twoFactorEnabledAt) return false;
  if (TOTP_CODE_PATTERN.test(normalised)) {
    const secret = decryptTotpSecret(deps.config.twoFactor.key, user.id, user.twoFactorSecret);
    const step = await matchTotp(secret, normalised, user.twoFactorLastStep);
    return step !== null && (await repo.claimTimeStep(deps.db, user.id, step));
  }
  if (RECOVERY_CODE_PATTERN.test(normalised)) {
    return repo.consumeRecoveryCode(deps.db, user.id, hashRecoveryCode(deps.config.twoFactor.key, normalised));
  }
  return false;
}

/**
 * The second sign-in step: the challenge of POST /login and a code from the authenticator app (or a
 * recovery code). Wrong codes count toward the account lockout like wrong passwords.
 */
export async function loginTwoFactor(deps: Deps, body: LoginTwoFactorBody, client: ClientInfo): Promise<LoginResponse> {
  await countIpAttempt(deps, client.ip);
  const claims = await verifyTwoFactorChallenge(deps.keys, body.challenge);
  const user = await findLiveUserById(deps.db, claims.userId);
  // Password changed, user deactivated or two-factor sign-in reset since the password step: start over.
  if (!user?.isActive || !user.twoFactorEnabledAt || user.passwordChangedAt.getTime() !== claims.passwordChangedAt) {
    throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
  }
  await assertAccountNotLocked(deps, user.mail);
  if (!(await spendSecondFactor(deps, user, body.code))) {
    await countAccountFailure(deps, user.mail);
    throw new AppError('INVALID_TWO_FACTOR_CODE');
  }
  await clearAccountFailures(deps, user.mail);
  return startSession(deps, user, client);
}

/**
 * The password or a current code confirms a change to two-factor sign-in. Failures count toward the
 * account's sign-in lockout, so a borrowed session cannot try codes without end.
 */
async function confirmIdentity(deps: Deps, user: UserRow, body: TwoFactorConfirmBody) {
  await assertAccountNotLocked(deps, user.mail);
  if (body.code !== undefined) {
    if (await spendSecondFactor(deps, user, body.code)) return;
    await countAccountFailure(deps, user.mail);
    throw wrongCode();
  }
  if (await verifyPassword(user.passwordHash, body.password ?? '')) return;
  await countAccountFailure(deps, user.mail);
  throw wrongPassword();
}

const auditTwoFactor = (
  tx: DbOrTx,
  actor: Actor,
  user: UserRow,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) =>
  recordAudit(tx, actor, {
    entity: 'user',
    entityId: user.id,
    companyId: user.companyId,
    action: 'update',
    before,
    after,
  });

export async function getStatus(deps: Deps, actor: UserActor): Promise<TwoFactorStatus> {
  const user = await currentUser(deps, actor);
  const [required, codes] = await Promise.all([
    repo.roleRequiresTwoFactor(deps.db, user.id),
    repo.recoveryCodeSummary(deps.db, user.id),
  ]);
  return {
    enabled: user.twoFactorEnabledAt !== null,
    enabled_at: user.twoFactorEnabledAt?.toISOString() ?? null,
    required,
    recovery_codes_remaining: user.twoFactorEnabledAt ? codes.remaining : 0,
  };
}

/**
 * Starts the setup: a new secret (160 bits), kept encrypted as pending until a first code confirms it.
 * Starting again replaces a pending secret. The secret is in this answer only.
 */
export async function startSetup(
  deps: Deps,
  actor: UserActor,
  body: TwoFactorSetupBody,
): Promise<TwoFactorSetupResponse> {
  const user = await currentUser(deps, actor);
  if (user.twoFactorEnabledAt) {
    throw new AppError('CONFLICT', {
      message: 'Two-factor sign-in is on already; turn it off first to change the app',
    });
  }
  await assertAccountNotLocked(deps, user.mail);
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    await countAccountFailure(deps, user.mail);
    throw wrongPassword();
  }
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: DEFAULT_RUNTIME_CONFIG.productName, label: user.mail, secret });
  await repo.setPendingSecret(deps.db, user.id, encryptTotpSecret(deps.config.twoFactor.key, user.id, secret));
  const svg = await renderQrCode(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauth_uri: otpauthUri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

function hashedCodes(deps: Deps, codes: string[]) {
  return codes.map((code) => hashRecoveryCode(deps.config.twoFactor.key, normaliseTwoFactorCode(code)));
}

/**
 * Confirms the pending secret with a first code and turns two-factor sign-in on: recovery codes are
 * made (shown this once) and the user's other sessions, opened without a second factor, end.
 */
export async function enable(deps: Deps, actor: UserActor, body: TwoFactorEnableBody): Promise<RecoveryCodesResponse> {
  const user = await currentUser(deps, actor);
  if (user.twoFactorEnabledAt) throw new AppError('CONFLICT', { message: 'Two-factor sign-in is on already' });
  const pending = user.twoFactorPendingSecret;
  if (!pending) {
    throw new AppError('BAD_REQUEST', { message: 'Start the setup first: scan the QR code, then enter a code' });
  }
  await assertAccountNotLocked(deps, user.mail);
  const secret = decryptTotpSecret(deps.config.twoFactor.key, user.id, pending);
  const step = await matchTotp(secret, normaliseTwoFactorCode(body.code), null);
  if (step === null) {
    await countAccountFailure(deps, user.mail);
    throw wrongCode();
  }
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    // Only the secret this code was checked against: a setup started again meanwhile wins.
    if (!(await repo.activateTwoFactor(tx, user.id, pending, step))) {
      throw new AppError('CONFLICT', { message: 'The setup was started again meanwhile; use the newest QR code' });
    }
    await repo.replaceRecoveryCodes(tx, user.id, hashedCodes(deps, codes));
    await revokeUserSessions(tx, user.id, 'two-factor-enabled', actor.sessionId);
    await auditTwoFactor(tx, actor, user, { twoFactorEnabled: false }, { twoFactorEnabled: true });
  });
  return { message: 'Two-factor sign-in is on. Keep your recovery codes in a safe place.', recovery_codes: codes };
}

/** Turns two-factor sign-in off (password or a code); refused while a role of the user requires it. */
export async function disable(deps: Deps, actor: UserActor, body: TwoFactorConfirmBody) {
  const user = await currentUser(deps, actor);
  if (!user.twoFactorEnabledAt) throw notOn();
  if (await repo.roleRequiresTwoFactor(deps.db, user.id)) {
    throw new AppError('BAD_REQUEST', { message: 'Your role requires two-factor sign-in; it cannot be turned off' });
  }
  await confirmIdentity(deps, user, body);
  await deps.db.transaction(async (tx) => {
    await repo.clearTwoFactor(tx, user.id);
    await auditTwoFactor(tx, actor, user, { twoFactorEnabled: true }, { twoFactorEnabled: false });
  });
  return { message: 'Two-factor sign-in is off' };
}

/** New recovery codes (shown this once); the old ones stop working. Needs the password or a code. */
export async function regenerateRecoveryCodes(
  deps: Deps,
  actor: UserActor,
  body: TwoFactorConfirmBody,
): Promise<RecoveryCodesResponse> {
  const user = await currentUser(deps, actor);
  if (!user.twoFactorEnabledAt) throw notOn();
  await confirmIdentity(deps, user, body);
  const before = await repo.recoveryCodeSummary(deps.db, user.id);
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await repo.replaceRecoveryCodes(tx, user.id, hashedCodes(deps, codes));
    await auditTwoFactor(
      tx,
      actor,
      user,
      { recoveryCodesCreatedAt: before.createdAt, recoveryCodesRemaining: before.remaining },
      { recoveryCodesCreatedAt: new Date(), recoveryCodesRemaining: codes.length },
    );
  });
  return { message: 'New recovery codes were made; the old ones no longer work', recovery_codes: codes };
}
