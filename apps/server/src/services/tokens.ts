import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'ranwal';

export type TokenPurpose =
  | 'session'
  | 'report'
  | 'stage-workbook'
  | 'history-export'
  | 'cash-plan-workbook'
  | 'funding-recap'
  | 'monthly-report'
  | 'evaluation'
  | 'evidence-sheet';

/** Signs and verifies the bearer tokens and the signed report links (HS256, expiring). */
export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly sessionTtlSeconds: number,
  ) {}

  sign(
    subject: string,
    purpose: TokenPurpose,
    claims: Record<string, unknown> = {},
    ttlSeconds = this.sessionTtlSeconds,
  ): Promise<string> {
    return new SignJWT({ ...claims, purpose })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.secret);
  }

  /** The token's subject and claims, or null when it is malformed, tampered with or expired. */
  async verify(
    token: string,
    purpose: TokenPurpose,
  ): Promise<{ subject: string; claims: Record<string, unknown> } | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        algorithms: ['HS256'],
      });
      if (payload.purpose !== purpose || typeof payload.sub !== 'string') return null;
      return { subject: payload.sub, claims: payload };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
