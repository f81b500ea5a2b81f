import { App, Stack, RemovalPolicy } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
const app = new App(); const s = new Stack(app, 's');
new Bucket(s, 'b', { autoDeleteObjects: true, removalPolicy: RemovalPolicy.DESTROY });
const t = app.synth().getStackByName('s').template;
for (const [id, r] of Object.entries(t.Resources)) console.log(id, r.Type, r.Properties.Runtime ?? '', r.Properties.Code ? JSON.stringify(r.Properties.Code) : '');
