import { authenticator } from 'otplib';

const stepMs = 30_000;
const currentStep = () => Math.floor(Date.now() / stepMs);

/**
 * An authenticator app for `secret`, with otplib's authenticator as the server uses it. The server takes
 * each 30-second step once (a code cannot be replayed) and accepts the step after the current one (clock
 * drift), so each code here is from a later step than the one before: the current step, else the next;
 * only a third code within one step waits for the clock.
 */
export function authenticatorApp(secret: string) {
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    async nextCode(): Promise<string> {
      while (lastStep + 1 > currentStep() + 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const step = Math.max(currentStep(), lastStep + 1);
      lastStep = step;
      return authenticator.clone({ epoch: step * stepMs }).generate(secret);
    },
  };
}
