import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration, Fn, Lazy, type Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  type HeadersFrameOption,
  type HeadersReferrerPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { type StackContext, StaticSite, use } from 'sst/constructs';
import { EDGE_SECRET_HEADER, VIEWER_ADDRESS_HEADER, VIEWER_HOST_HEADER } from '../functions/src/api/edge.ts';
import {
  API_SECURITY_HEADERS,
  PUBLIC_PAGE_SECURITY_HEADERS,
  webSecurityHeaders,
} from '../functions/src/security-headers.ts';
import { API } from './api.ts';
import { amazonMapsOrigin } from './places.ts';
import { readSettings } from './settings.ts';
import { Storage } from './storage.ts';

/**
 * CDK context key: a directory holding an already built site. Synth tests set it so that they
 * do not run the web build; a deploy leaves it unset and builds `web/` with `npm run build`.
 */
export const PREBUILT_WEB_CONTEXT = 'roundwise:prebuilt-web';

/** Any path whose last segment has no dot is a client-side route: serve the app shell. */
const SPA_ROUTING = `function handler(event) {
  var request = event.request;
  if (request.uri.split('/').pop().indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * Requests to the API carry what CloudFront saw of the viewer, replacing any header of the same
 * name the client sent, and never the client's own copy of the edge secret's header (CloudFront
 * adds the real one as an origin header). The API believes these only with that secret
 * (functions/src/api/edge.ts).
 */
export const VIEWER_HEADERS = `function handler(event) {
  var request = event.request;
  delete request.headers['${EDGE_SECRET_HEADER}'];
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  request.headers['${VIEWER_HOST_HEADER}'] = { value: request.headers.host.value };
  return request;
}`;

/**
 * The customer's quote page (`/go/q/{id}/`) and payment pages (`/go/p/...`, `/go/a/...`) are the
 * API's, under `/api` (functions/src/quotes/public-path.ts): the viewer's headers as for the API,
 * and the path rewritten.
 */
export const PUBLIC_PAGE_PATTERNS = ['/go/q/*', '/go/p/*', '/go/a/*', '/go/m/*'] as const;

export const PUBLIC_QUOTE_ROUTING = VIEWER_HEADERS.replace(
  '  return request;',
  "  request.uri = '/api' + request.uri;\n  return request;",
);

/**
 * The portal's pages, as `portalApiPath` (functions/src/portal/page-path.ts) rewrites them: the page
 * `/portal/{handle}` is `/api/portal/{handle}/page`, any deeper path (a widget's frame) the same
 * path under `/api`.
 */
export const PORTAL_ROUTING = VIEWER_HEADERS.replace(
  '  return request;',
  "  var page = /^\\/portal\\/([^/]+)\\/?$/.exec(request.uri);\n  request.uri = page ? '/api/portal/' + page[1] + '/page' : '/api' + request.uri;\n  return request;",
);

/**
 * A response headers policy with the shared security headers (functions/src/security-headers.ts),
 * replacing any the origin sent, plus HSTS (every CloudFront address is HTTPS only).
 */
function securityHeadersPolicy(
  stack: Stack,
  id: string,
  headers: Record<string, string>,
  options: { cors?: boolean } = {},
) {
  return new ResponseHeadersPolicy(stack, id, {
    // The site's files are public: the portal's widgets script imports its modules from a
    // business's own site (WIDGET_SCRIPT_HEADERS, functions/src/security-headers.ts).
    ...(options.cors
      ? {
          corsBehavior: {
            accessControlAllowOrigins: ['*'],
            accessControlAllowMethods: ['GET', 'HEAD'],
            accessControlAllowHeaders: ['*'],
            accessControlAllowCredentials: false,
            originOverride: true,
          },
        }
      : {}),
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: headers['content-security-policy'] ?? '',
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: headers['x-frame-options'] as HeadersFrameOption, override: true },
      referrerPolicy: { referrerPolicy: headers['referrer-policy'] as HeadersReferrerPolicy, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        override: true,
      },
    },
  });
}

/**
 * The portal's pages (`/portal/*`: the public page, the widgets' frames) bring their own policy,
 * which lets the business's site frame them; this policy adds the rest and never replaces it.
 */
function portalHeadersPolicy(stack: Stack) {
  return new ResponseHeadersPolicy(stack, 'portal-page-headers', {
    securityHeadersBehavior: {
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: 'same-origin' as HeadersReferrerPolicy, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        override: true,
      },
    },
  });
}

/**
 * The React app on S3 behind CloudFront. The same distribution sends `/api/*` to the HTTP API,
 * so the app and its API share one origin: the SameSite session cookie, relative `/api` URLs
 * and the local runtime (one server on :3000) all behave alike.
 */
export function Web({ stack, app }: StackContext) {
  const { api, edgeSecret } = use(API);
  // The API, with the edge secret that makes it believe the viewer headers (api/edge.ts).
  const apiOrigin = new HttpOrigin(Fn.parseDomainName(api.url), {
    customHeaders: { [EDGE_SECRET_HEADER]: edgeSecret.secretValue.unsafeUnwrap() },
  });
  const { domain } = readSettings();
  const prebuilt: unknown = app.node.tryGetContext(PREBUILT_WEB_CONTEXT);
  const builtIndex = path.join(
    typeof prebuilt === 'string' ? prebuilt : path.join('web', 'dist'),
    'index.html',
  );
  // The site's policy hashes the built index.html's inline scripts. The site is built after the
  // stacks are defined (SST's deferred work), so the policy is read when the template is written.
  // The basemap: Amazon Location's map (stacks/places.ts) unless a style URL is configured.
  const mapStyleUrl = process.env.VITE_MAP_STYLE_URL ?? amazonMapsOrigin(stack.region);
  // The browser uploads attachments to, and shows them from, the bucket's own address (presigned
  // links; the SDK's virtual-hosted style).
  const filesOrigin = `https://${use(Storage).attachments.bucketName}.s3.${stack.region}.amazonaws.com`;
  const webHeaders = {
    ...webSecurityHeaders('', mapStyleUrl, filesOrigin),
    'content-security-policy': Lazy.string({
      produce: () =>
        webSecurityHeaders(
          existsSync(builtIndex) ? readFileSync(builtIndex, 'utf8') : '',
          mapStyleUrl,
          filesOrigin,
        )['content-security-policy'],
    }),
  };

  // One behaviour for every public page (`/go/q/*`, `/go/p/*`, `/go/a/*`): the API's, no caching,
  // the pages' own policy (no script), the viewer's headers and the path under `/api`.
  const publicPage = {
    origin: apiOrigin,
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: AllowedMethods.ALLOW_ALL,
    cachePolicy: CachePolicy.CACHING_DISABLED,
    originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: securityHeadersPolicy(stack, 'quote-page-headers', PUBLIC_PAGE_SECURITY_HEADERS),
    functionAssociations: [
      {
        function: new CloudFrontFunction(stack, 'quote-page-routing', {
          code: FunctionCode.fromInline(PUBLIC_QUOTE_ROUTING),
        }),
        eventType: FunctionEventType.VIEWER_REQUEST,
      },
    ],
  };

  // The portal's pages: the same routing, their own framing policy (portalHeadersPolicy).
  const portalPage = {
    ...publicPage,
    responseHeadersPolicy: portalHeadersPolicy(stack),
    functionAssociations: [
      {
        function: new CloudFrontFunction(stack, 'portal-page-routing', {
          code: FunctionCode.fromInline(PORTAL_ROUTING),
        }),
        eventType: FunctionEventType.VIEWER_REQUEST,
      },
    ],
  };

  const site = new StaticSite(stack, 'web', {
    path: 'web',
    buildCommand: typeof prebuilt === 'string' ? undefined : 'npm run build',
    buildOutput: typeof prebuilt === 'string' ? path.relative('web', prebuilt) : 'dist',
    // SST writes vite env typings on every synth; keep them out of web/src (no variables are used).
    vite: { types: '../.sst/web-env.d.ts' },
    customDomain: domain
      ? {
          domainName: domain.domainName,
          hostedZone: domain.hostedZone,
          // Without a certificate ARN SST requests one in us-east-1 and validates it in the zone.
          cdk: domain.certificateArn
            ? { certificate: Certificate.fromCertificateArn(stack, 'certificate', domain.certificateArn) }
            : undefined,
        }
      : undefined,
    assets: {
      // Hashed build assets never change; everything else is revalidated. SST puts its own
      // defaults first (every `**/*.js` and `**/*.css` cached for a year, sw.js included); the
      // uploader gives each file the last option whose glob matches it, so these two decide.
      fileOptions: [
        { files: '**', cacheControl: 'max-age=0,no-cache,no-store,must-revalidate' },
        { files: 'assets/**', cacheControl: 'max-age=31536000,public,immutable' },
      ],
    },
    cdk: {
      // The bucket holds only build output: SST's default empties and deletes it with the stage.
      distribution: {
        // SST's default answers 403/404 with index.html for every path, which would also turn
        // API errors into the app shell. Client routes are rewritten at the edge instead.
        errorResponses: [],
        defaultBehavior: {
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          responseHeadersPolicy: securityHeadersPolicy(stack, 'site-headers', webHeaders, { cors: true }),
          functionAssociations: [
            {
              function: new CloudFrontFunction(stack, 'spa-routing', {
                code: FunctionCode.fromInline(SPA_ROUTING),
              }),
              eventType: FunctionEventType.VIEWER_REQUEST,
            },
          ],
        },
        additionalBehaviors: {
          '/api/*': {
            origin: apiOrigin,
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachePolicy: CachePolicy.CACHING_DISABLED,
            // API Gateway routes on its own Host header, so forward everything else.
            originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
            responseHeadersPolicy: securityHeadersPolicy(stack, 'api-headers', API_SECURITY_HEADERS),
            functionAssociations: [
              {
                function: new CloudFrontFunction(stack, 'viewer-headers', {
                  code: FunctionCode.fromInline(VIEWER_HEADERS),
                }),
                eventType: FunctionEventType.VIEWER_REQUEST,
              },
            ],
          },
          // The customer's public pages: the quote, the payment sign-up and the account page.
          ...Object.fromEntries(PUBLIC_PAGE_PATTERNS.map((pattern) => [pattern, publicPage])),
          '/portal/*': portalPage,
        },
      },
    },
  });

  // SST still creates its own viewer-request function (`/x` -> `/x.html`) before the override
  // above replaces it; nothing refers to it, so it is dropped rather than deployed unused.
  site.node.tryRemoveChild('CloudFrontFunction');

  stack.addOutputs({ SiteUrl: site.customDomainUrl ?? site.url ?? '' });
  return { site };
}
