import { spawnSync } from 'node:child_process';

const MINIMUM_JAVA = 17;

/** The major version of the `java` on PATH, or undefined when there is none. */
function javaMajorVersion(javaCommand = 'java'): number | undefined {
  const result = spawnSync(javaCommand, ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return undefined;
  const major = Number(match[1]);
  // Java 8 and older report themselves as "1.8".
  return major === 1 ? Number(match[2]) : major;
}

/** Fails with one line that says what to install when Java is missing or too old for DynamoDB Local. */
export function requireJava(javaCommand = 'java'): void {
  const major = javaMajorVersion(javaCommand);
  if (major === undefined) {
    throw new Error(
      `Java ${MINIMUM_JAVA}+ is required to run DynamoDB Local, and no 'java' was found on PATH. Install a JDK or JRE ${MINIMUM_JAVA}+ (for example 'apt-get install openjdk-17-jre-headless'), or point AWS_ENDPOINT_URL_DYNAMODB at a running DynamoDB.`,
    );
  }
  if (major < MINIMUM_JAVA) {
    throw new Error(
      `Java ${MINIMUM_JAVA}+ is required to run DynamoDB Local, but 'java' is version ${major}. Install a JDK or JRE ${MINIMUM_JAVA}+ and put it first on PATH.`,
    );
  }
}
