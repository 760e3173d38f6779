import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CaptchaChallengeSchema } from '../schemas/affiliates';
import { captchaToken, solveCaptcha } from './solve';

describe('solveCaptcha', () => {
  it('solves an altcha-lib challenge so that altcha-lib verifies it', async () => {
    const secrets = { hmacSignatureSecret: 'signature-secret', hmacKeySignatureSecret: 'key-secret' };
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 777,
      deriveKey,
      ...secrets,
    });
    const parsed = v.parse(CaptchaChallengeSchema, challenge);
    const solution = await solveCaptcha(parsed);
    expect(solution.counter).toBe(777);
    const result = await verifySolution({ challenge, solution, deriveKey, ...secrets });
    expect(result.verified).toBe(true);
    expect(JSON.parse(atob(captchaToken(parsed, solution)))).toEqual({ challenge: parsed, solution });
  });

  it('refuses algorithms it does not know, and stops when aborted', async () => {
    const challenge = v.parse(CaptchaChallengeSchema, {
      parameters: {
        algorithm: 'SHA-256',
        nonce: 'aa',
        salt: 'bb',
        cost: 1,
        keyLength: 32,
        keyPrefix: 'ffffffffff',
      },
      signature: 's',
    });
    await expect(
      solveCaptcha({ ...challenge, parameters: { ...challenge.parameters, algorithm: 'ARGON2ID' } }),
    ).rejects.toThrow('Unsupported captcha');
    const controller = new AbortController();
    const solving = solveCaptcha(challenge, controller.signal);
    controller.abort();
    await expect(solving).rejects.toThrow();
  });
});
