import type {
  AuthenticationResponseJSON,
  WebAuthnCredential,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import * as admins from '../admins/admins.repository.ts';
import * as repo from './passkeys.repository.ts';
import type { SessionActor } from './security.service.ts';

type Transport = NonNullable<WebAuthnCredential['transports']>[number];

export const PASSKEY_NOT_RECOGNISED = 'The passkey was not recognised. Please try again.';
export const PASSKEY_REQUEST_EXPIRED = 'The passkey request expired. Please try again.';
export const NO_PASSKEY = 'You have no passkey: confirm with your password instead';
const CHALLENGE_MINUTES = 5;

/**
 * The WebAuthn library, imported where a ceremony first needs it, not at start
 * (docs/decisions/454-lazy-imports-at-start.md; server.ts warms it once the server is ready).
 */
const webauthn = () => import('@simplewebauthn/server');

type AdminCredentials = NonNullable<Awaited<ReturnType<typeof admins.findAdminCredentialsById>>>;

/** A passkey sign-in: the admin, or why it is refused (and whose passkey it was, when known). */
export type PasskeySignIn =
  | { admin: AdminCredentials; passkeyId: string; refused?: undefined }
  | {
      refused: 'expired_challenge' | 'unknown_passkey' | 'not_verified' | 'inactive';
      admin?: AdminCredentials;
    };

/**
 * Where passkeys belong (docs/decisions/229): the relying party is PUBLIC_URL's host name, and
 * only that origin's answers are accepted. Unset, the local address by name
 * (`http://localhost:PORT`): browsers refuse an IP address as a relying party.
 */
export function relyingParty(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) {
  const url = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
  return { id: url.hostname, origin: url.origin, name: 'Cask Admin' };
}

export interface PasskeysServiceDeps {
  db: Db;
  config: Config;
}

type StoredPasskey = NonNullable<Awaited<ReturnType<typeof repo.findByCredentialId>>>;

const saveChallenge = (
  db: Db,
  kind: repo.CeremonyKind,
  challenge: string,
  adminId: string | null,
) => repo.insertChallenge(db, { kind, challenge, adminId, minutes: CHALLENGE_MINUTES });

/** Whether `passkey` signed `challenge` for this site; if so its counter moves on. */
async function verifyAssertion(
  { db, config }: PasskeysServiceDeps,
  passkey: StoredPasskey,
  challenge: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const rp = relyingParty(config);
  const { verifyAuthenticationResponse } = await webauthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      ...(passkey.transports ? { transports: passkey.transports as Transport[] } : {}),
    },
  }).catch(() => ({ verified: false, authenticationInfo: undefined }));
  if (!verification.verified || !verification.authenticationInfo) return false;
  await repo.markPasskeyUsed(db, passkey.id, verification.authenticationInfo.newCounter);
  return true;
}

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: adding, listing, removing, signing in. The
 * package, the heaviest of the API's to load, is imported where it is first used, not at start-up;
 * server.ts loads it once the server is ready (docs/decisions/454).
 */
export function createPasskeysService(deps: PasskeysServiceDeps) {
  return { ...createPasskeyManagement(deps), ...createPasskeyAssertions(deps) };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;

/** The admin's own passkeys: listed, registered (a ceremony of its own) and removed. */
function createPasskeyManagement({ db, config }: PasskeysServiceDeps) {
  const rp = () => relyingParty(config);

  return {
    async list(adminId: string) {
      const rows = await repo.listPasskeys(db, adminId);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    async registrationOptions(adminId: string) {
      const admin = await admins.findAdminCredentialsById(db, adminId);
      if (!admin) throw new NotFoundError('Admin not found');
      const existing = await repo.credentialsOf(db, adminId);
      const { generateRegistrationOptions } = await webauthn();
      const options = await generateRegistrationOptions({
        rpName: rp().name,
        rpID: rp().id,
        userName: admin.email,
        userID: new TextEncoder().encode(admin.id),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.id,
          ...(row.transports ? { transports: row.transports as Transport[] } : {}),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const ceremony = await saveChallenge(db, 'registration', options.challenge, adminId);
      // Handed to @simplewebauthn/browser as is; the origin lets the screen say where passkeys
      // work when it is open elsewhere (docs/decisions/321).
      return {
        options: options as unknown as Record<string, unknown>,
        ceremony,
        origin: rp().origin,
      };
    },

    async register(
      actor: SessionActor,
      body: { name: string; ceremony: string; response: RegistrationResponseJSON },
    ) {
      const challenge = await repo.takeChallenge(db, body.ceremony, 'registration', actor.adminId);
      if (!challenge) throw new BadRequestError(PASSKEY_REQUEST_EXPIRED);
      const { verifyRegistrationResponse } = await webauthn();
      const verification = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: challenge,
        expectedOrigin: rp().origin,
        expectedRPID: rp().id,
        requireUserVerification: true,
      }).catch(() => ({ verified: false as const }));
      if (!verification.verified) throw new BadRequestError(PASSKEY_NOT_RECOGNISED);
      const { credential } = verification.registrationInfo;
      return db.transaction(async (tx) => {
        const row = await repo.insertPasskey(tx, {
          adminId: actor.adminId,
          name: body.name,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? null,
        });
        if (!row) throw new BadRequestError('This passkey is already registered');
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'auth.passkey_added',
          entity: 'passkey',
          entityId: row.id,
          after: { name: row.name },
          ip: actor.ip,
        });
        return { ...row, createdAt: row.createdAt.toISOString() };
      });
    },

    async remove(actor: SessionActor, id: string) {
      await db.transaction(async (tx) => {
        const row = await repo.deletePasskey(tx, actor.adminId, id);
        if (!row) throw new NotFoundError('Passkey not found');
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'auth.passkey_removed',
          entity: 'passkey',
          entityId: id,
          before: { name: row.name },
          ip: actor.ip,
        });
      });
    },
  };
}

/** A passkey's signature checked: for step-up (docs/decisions/276) and for signing in. */
function createPasskeyAssertions(deps: PasskeysServiceDeps) {
  const { db, config } = deps;
  const rp = () => relyingParty(config);

  return {
    /**
     * Step-up with a passkey (docs/decisions/276): a challenge of its own kind, bound to the
     * signed-in admin, that only their passkeys may answer (409 when they have none).
     */
    async reauthenticationOptions(adminId: string) {
      const existing = await repo.credentialsOf(db, adminId);
      if (existing.length === 0) throw new ConflictError(NO_PASSKEY);
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({
        rpID: rp().id,
        allowCredentials: existing.map((row) => ({
          id: row.id,
          ...(row.transports ? { transports: row.transports as Transport[] } : {}),
        })),
        userVerification: 'required',
      });
      const ceremony = await saveChallenge(db, 'reauthentication', options.challenge, adminId);
      return { options: options as unknown as Record<string, unknown>, ceremony };
    },

    /**
     * The step-up answer: the challenge is spent whatever follows (it was this admin's, of the
     * step-up kind, and alive), and the passkey that signed it must be one of theirs. Refusals
     * are 400s, as a wrong password's: the session goes on. Returns the passkey's id.
     */
    async verifyReauthentication(
      adminId: string,
      body: { ceremony: string; response: AuthenticationResponseJSON },
    ): Promise<string> {
      const challenge = await repo.takeChallenge(db, body.ceremony, 'reauthentication', adminId);
      if (!challenge) throw new BadRequestError(PASSKEY_REQUEST_EXPIRED);
      const passkey = await repo.findByCredentialId(db, body.response.id);
      if (
        !passkey ||
        passkey.adminId !== adminId ||
        !(await verifyAssertion(deps, passkey, challenge, body.response))
      ) {
        throw new BadRequestError(PASSKEY_NOT_RECOGNISED);
      }
      return passkey.id;
    },

    /** Options for 'Sign in with a passkey': any of this site's discoverable credentials. */
    async authenticationOptions() {
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({
        rpID: rp().id,
        userVerification: 'required',
      });
      const ceremony = await saveChallenge(db, 'authentication', options.challenge, null);
      return { options: options as unknown as Record<string, unknown>, ceremony };
    },

    /**
     * The admin whose passkey signed the challenge (the counter moves on: clone detection), or
     * why the answer is refused, for the audit log (docs/decisions/296).
     */
    async authenticate(body: {
      ceremony: string;
      response: AuthenticationResponseJSON;
    }): Promise<PasskeySignIn> {
      const challenge = await repo.takeChallenge(db, body.ceremony, 'authentication', null);
      if (!challenge) return { refused: 'expired_challenge' };
      const passkey = await repo.findByCredentialId(db, body.response.id);
      if (!passkey) return { refused: 'unknown_passkey' };
      const admin = await admins.findAdminCredentialsById(db, passkey.adminId);
      if (!admin) return { refused: 'unknown_passkey' };
      if (!(await verifyAssertion(deps, passkey, challenge, body.response))) {
        return { refused: 'not_verified', admin };
      }
      if (!admin.isActive) return { refused: 'inactive', admin };
      return { admin, passkeyId: passkey.id };
    },
  };
}
