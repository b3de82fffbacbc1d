import { hash, verify } from '@node-rs/argon2';

// argon2id at the library's defaults (m=19 MiB, t=2, p=1): ~17 ms a hash on the reference machine.
export const hashPassword = (password: string) => hash(password);

// Verifying against a real hash for unknown accounts (and invited ones, who have no password yet) keeps a
// wrong mail as slow as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('cuspid-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
