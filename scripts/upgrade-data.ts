/**
 * `TABLE_NAME=<table> npm run upgrade-data`: moves the events an earlier version stored to where this version
 * keeps them, and counts the clicks stored before click statistics existed (shared/store/legacy-events.ts),
 * in a deployed table, with the usual AWS credentials. Run it once
 * after deploying this version over an older one; running it again finds nothing to move. The local runtime
 * does this by itself at start.
 */
if (!process.env.TABLE_NAME) {
  console.error('Set TABLE_NAME to the table to upgrade (the stack output TableName).');
  process.exit(1);
}
const { buildMissingClickStats, upgradeLegacyEvents } = await import('../shared/store/legacy-events.js');
const moved = await upgradeLegacyEvents((count) => process.stdout.write(`\r  ${count} events moved`));
console.log(`\r  ${moved} events moved to sharded lists in ${process.env.TABLE_NAME}.`);
const counted = await buildMissingClickStats((count) => process.stdout.write(`\r  ${count} clicks counted`));
console.log(`\r  ${counted} clicks stored before click statistics existed counted.`);
