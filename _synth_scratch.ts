import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'sst/constructs';
import { initProject } from 'sst/project.js';
const root = '/work/main';
const site = mkdtempSync(path.join(os.tmpdir(), 'site-'));
writeFileSync(path.join(site, 'index.html'), '<!doctype html>');
await initProject({ root, stage: 'test' });
if (process.argv[2] === 'domain') Object.assign(process.env, { APP_DOMAIN: 'app.example.com', APP_HOSTED_ZONE: 'example.com', APP_CERTIFICATE_ARN: process.argv[3] ?? '' });
const { default: config } = await import('/work/main/sst.config.ts');
const app = new App({ mode: 'deploy', name: 'roundwise', stage: 'test', region: 'eu-west-2', account: '123456789012' }, { context: { 'roundwise:prebuilt-web': site } });
await config.stacks(app);
const asm = app.synth();
for (const st of asm.stacks) {
  for (const [id, r] of Object.entries<any>(st.template.Resources)) {
    if (r.Type === 'AWS::Lambda::Function') console.log(st.stackName, id, r.Properties.Runtime, r.Properties.Handler);
    else if (r.Type.startsWith('Custom::') || r.Type === 'AWS::CloudFormation::CustomResource') console.log(st.stackName, id, r.Type);
  }
}
