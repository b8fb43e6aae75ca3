import { z } from 'zod';
import { hmac, safeEqual } from '../../lib/crypto.ts';
import { UPLOAD_SCENES } from '@xueban/contract/uc';
import { nowSeconds } from '../../lib/time.ts';

/** The scenes live in the contract (the getToken call names them); `knowledge`: documents for a knowledge base. */
export { UPLOAD_SCENES, type UploadScene } from '@xueban/contract/uc';

/** `key`: for a direct upload to the bucket, the object key the presigned POST was issued for. */
const policySchema = z.object({ scene: z.enum(UPLOAD_SCENES), uid: z.number(), group_id: z.number(), key: z.string().optional(), exp: z.number() });
export type UploadPolicy = z.infer<typeof policySchema>;

export const TTL_SECONDS = 30 * 60;

/** A signed, short-lived upload policy in the shape of an object-storage form token. */
export function signPolicy(secret: string, p: Omit<UploadPolicy, 'exp'>) {
  const expire = nowSeconds() + TTL_SECONDS; // once, so the reported expiry is the signed one
  const policy = Buffer.from(JSON.stringify({ ...p, exp: expire })).toString('base64url');
  return { policy, signature: hmac(secret, `upload:${policy}`), expire };
}

/** The policy, if its signature is ours, it is unexpired, and it was issued to this caller. */
export function verifyPolicy(secret: string, policy: string, signature: string, uid: number): UploadPolicy | null {
  if (!safeEqual(hmac(secret, `upload:${policy}`), signature)) return null;
  try {
    const parsed = policySchema.parse(JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')));
    return parsed.uid === uid && parsed.exp > nowSeconds() ? parsed : null;
  } catch {
    return null;
  }
}
