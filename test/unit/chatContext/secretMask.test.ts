// A terminal's output attached for the agent has the values that look like secrets masked: tokens by their shapes
// (the prefix kept), a URL's password, a private key's body, and the value of a name that says it is a secret. Paths,
// commit hashes, digests and names that merely contain a secret word stay readable.
import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from '../../../src/chatContext/secretMask';

// Built from parts, so that no scanner takes the fixtures for leaked secrets.
const gh = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const pat = 'github_pat_' + '11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz';
const openai = 'sk-proj-' + 'Ab3dEf6hIj9lMn2pQr5tUv8xYz';
const anthropic = 'sk-ant-' + 'api03-Zy9xWv8uTs7rQp6oNm5lKj4iHg3fEd2cBa1-AAAA';
const slack = 'xoxb-' + '123456789012-abcdefABCDEF';
const aws = 'AKIA' + 'IOSFODNN7EXAMPLE';
const bearer = 'eyJhbGciOi' + 'JIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
const awsSecret = 'wJalrXUtnFEMI/K7MDENG/' + 'bPxRfiCYEXAMPLEKEY';

describe('maskSecrets: masked', () => {
  it.each([
    ['a GitHub token, its prefix kept', `token is ${gh} ok`, `token is ghp_${MASK} ok`],
    ['a fine-grained GitHub token', `remote: ${pat}`, `remote: github_pat_${MASK}`],
    ['an OpenAI key', `OPENAI ${openai}`, `OPENAI sk-proj-${MASK}`],
    ['an Anthropic key', `key ${anthropic}.`, `key sk-ant-${MASK}.`],
    ['a Slack token', `using ${slack}`, `using xoxb-${MASK}`],
    ['an AWS access key id', `aws_access_key_id ${aws}`, `aws_access_key_id AKIA${MASK}`],
    ['a long Bearer token (a JWT)', `> Bearer ${bearer}`, `> Bearer ${MASK}`],
    ['a JWT on its own', `id_token ${bearer}`, `id_token eyJ${MASK}`],
    ['an export of a *_TOKEN', `$ export GITHUB_TOKEN=${gh}`, `$ export GITHUB_TOKEN=${MASK}`],
    ['`env` output: *_KEY and *PASSWORD', `AWS_SECRET_ACCESS_KEY=${awsSecret}\nDB_PASSWORD=hunter2`, `AWS_SECRET_ACCESS_KEY=${MASK}\nDB_PASSWORD=${MASK}`],
    ['a quoted value, the quotes masked with it', `API_KEY="abc def"`, `API_KEY=${MASK}`],
    ['a known name, any case', `password=swordfish token=abc123`, `password=${MASK} token=${MASK}`],
    ['an option', `mysql --db-password=swordfish -u root`, `mysql --db-password=${MASK} -u root`],
    [
      '.npmrc',
      `//registry.npmjs.org/:_authToken=abc123\n//npm.pkg.github.com/:_auth=dXNlcjpwYXNz`,
      `//registry.npmjs.org/:_authToken=${MASK}\n//npm.pkg.github.com/:_auth=${MASK}`,
    ],
    ['a URL query, up to the next parameter', `GET /cb?access_token=abc123&state=42`, `GET /cb?access_token=${MASK}&state=42`],
    ['YAML: the rest of the line', `  client_secret: correct horse battery staple`, `  client_secret: ${MASK}`],
    ['JSON: the quoted value', `{"password": "p@ss", "user": "bob"}`, `{"password": ${MASK}, "user": "bob"}`],
    ['a header, its scheme kept', `> Authorization: Basic dXNlcjpwYXNz`, `> Authorization: Basic ${MASK}`],
    ['a header inside a quoted curl argument', `curl -H "X-Api-Key: abc123" https://api.example.com`, `curl -H "X-Api-Key: ${MASK}" https://api.example.com`],
    ['a URL’s password', `origin https://x-access-token:abc123@github.com/o/r.git (fetch)`, `origin https://x-access-token:${MASK}@github.com/o/r.git (fetch)`],
    [
      'a private key’s body',
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n$ ls',
      `-----BEGIN OPENSSH PRIVATE KEY-----\n${MASK}\n-----END OPENSSH PRIVATE KEY-----\n$ ls`,
    ],
    ['a private key cut before its end', '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA', `-----BEGIN RSA PRIVATE KEY-----\n${MASK}\n`],
  ])('%s', (_, text, masked) => {
    expect(maskSecrets(text)).toBe(masked);
  });
});

describe('maskSecrets: left readable', () => {
  it.each([
    ['paths, the working folder among them', 'PWD=/home/u/project\nOLDPWD=/home/u\n/home/u/project/src/index.ts:12:3 - error TS2322'],
    [
      'commit hashes and digests',
      'commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3\nMerge: 1a2b3c4 5d6e7f8\nDigest: sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    ],
    ['a UUID and versions', 'request 123e4567-e89b-12d3-a456-426614174000 with node v20.11.1'],
    ['names that merely contain a secret word', 'SSH_KEY_PATH=/home/u/.ssh/id_ed25519\nPASSWORD_FILE=/run/secrets/db\nmax_tokens: 4096\nkey: cache-v1'],
    ['prose with a secret word before a colon', 'SyntaxError: Unexpected token: punc ({)\nerror: invalid token: expected identifier'],
    ['a value that only refers to a secret', 'export GITHUB_TOKEN=$(gh auth token)\nPASSWORD=$DB_PASS'],
    ['comparisons and arrows', 'if token == expected\nconst f = (token) => token'],
    ['words that look like prefixes', 'pip install scikit-learn; sk-learn; task-1234567890abcdefghijkl; AKIA is short'],
    ['a URL without a password', 'https://user@github.com/o/r.git and http://localhost:8080/path'],
    ['a short Bearer word', 'Authentication scheme: Bearer'],
  ])('%s', (_, text) => {
    expect(maskSecrets(text)).toBe(text);
  });

  it('masks once: a masked text stays as it is', () => {
    const once = maskSecrets(`GITHUB_TOKEN=${gh}\nAuthorization: Bearer ${bearer}\nAuthorization:  Basic dXNlcjpwYXNz\n${openai}`);
    expect(once).not.toContain(gh);
    expect(maskSecrets(once)).toBe(once);
  });
});
