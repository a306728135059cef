import { rmSync } from 'node:fs';

/** Stops the emulators and waits for the JVM to exit, so Jest neither hangs nor leaves a JVM behind. */
export default async function globalTeardown() {
  const emulators = globalThis.__emulators__;
  await emulators?.sqs.stop();
  await emulators?.dynamoDb.stop();
  if (emulators?.rolesFile) rmSync(emulators.rolesFile, { force: true });
}
