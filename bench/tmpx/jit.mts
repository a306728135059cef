import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
const { startDynamoDbLocal } = await import('../../local/dynamodb-local.ts');
const db = await startDynamoDbLocal();
process.env.AWS_ENDPOINT_URL_DYNAMODB = db.endpoint;
process.env.AWS_REGION = 'us-east-1'; process.env.AWS_ACCESS_KEY_ID = 'x'; process.env.AWS_SECRET_ACCESS_KEY = 'x';
const { provisionTable } = await import('../../local/provision.ts');
const { DynamoDBClient, PutItemCommand, GetItemCommand, QueryCommand } = await import('@aws-sdk/client-dynamodb');
const listing = execFileSync('ps', ['-eo', 'pid,comm,args'], { encoding: 'utf8' });
const javaPid = listing.split('\n').filter((l) => /^\s*\d+\s+java\s/.test(l) && l.includes('DynamoDBLocal')).map((l) => l.trim().split(/\s+/)[0]).at(-1);
const jcpu = () => { const f = readFileSync(`/proc/${javaPid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
const c = new DynamoDBClient({});
const start = jcpu();
async function ops(table: string, n: number) {
  const c0 = jcpu();
  await Promise.all(Array.from({ length: 8 }, async (_, w) => {
    for (let i = 0; i < n / 8; i++) { const k = `p${w}-${i}`; await c.send(new PutItemCommand({ TableName: table, Item: { PK: { S: k }, SK: { S: 's' }, a: { S: 'x'.repeat(200) } } })); await c.send(new GetItemCommand({ TableName: table, Key: { PK: { S: k }, SK: { S: 's' } } })); await c.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': { S: k } } })); }
  }));
  return (jcpu() - c0).toFixed(2);
}
await provisionTable('warm');
const rounds = [];
for (let r = 0; r < 10; r++) rounds.push(await ops('warm', 1000));
console.log(process.env.JAVA_TOOL_OPTIONS ?? 'tiered', 'per 3000 ops:', rounds.join(' '), 'total', (jcpu() - start).toFixed(1));
await db.stop();
