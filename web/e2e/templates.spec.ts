import { type Page, request } from '@playwright/test';
import { expect, test } from './clock';
import { serverState } from './server-state';

/**
 * Message templates. A business of its own with the send module (and, for the
 * block editor, its beta flag) builds a template in each editor; a read-only template is refused;
 * an unknown id shows 'Template not found'.
 */

/** A verified business of its own with `flags`, signed in on `page`. */
async function business(page: Page, name: string, flags: string[]) {
  const email = `${name}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a good password', name: 'Tess', businessName: `Templates ${name}` },
  });
  expect(signup.status()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      const { mails } = (await (
        await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } })
      ).json()) as { mails: { to: string; links: string[] }[] };
      const link = mails
        .find((m) => m.to.includes(`${email}`))
        ?.links.find((l) => l.includes('verify-email'));
      token = link ? (new URL(link, 'http://x').searchParams.get('token') ?? '') : '';
      return token;
    })
    .not.toBe('');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  expect((await page.request.patch('/api/account', { data: { flags } })).status()).toBe(200);
  expect(
    (await page.request.patch('/api/me', { data: { settings: { hideQuickStart: true } } })).status(),
  ).toBe(200);
}

async function command(page: Page, name: string, input: unknown) {
  const res = await page.request.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-templates-${name}-${Date.now()}-${Math.random()}`, input },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

/**
 * Waits for a success toast to go. A tap leaves the pointer over the toaster on a phone (the
 * toasts show over the main bar), which holds them; moving it away lets them time out.
 */
async function toastGone(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await page.mouse.move(5, (page.viewportSize()?.height ?? 600) - 5);
  await expect(toast).toHaveCount(0, { timeout: 15_000 });
}

const templatesOnServer = async (page: Page) => (await serverState(page.request)).get('template') ?? [];

test('a template built in the wizard with the rich-text editor, placeholders and a searched photo', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await business(page, `rich-${info.project.name}-${Date.now()}`, ['send']);
  await page.goto('/send/templates');
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('No templates yet')).toBeVisible();
  await page.getByRole('link', { name: 'Create' }).first().click();
  await expect(page).toHaveURL(/\/send\/templates\/create$/);

  // Details: the form's keys before anything is sent.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter a name for the template.')).toBeVisible();
  await expect(page.getByText('Enter a subject.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Name\b/ }).fill('Spring offer');
  await page.getByLabel('Subject').fill('Spring clean on [date=?]');
  // A placeholder asks for its value.
  await page.getByRole('button', { name: 'Try the placeholders' }).click();
  const prompt = page.getByRole('dialog', { name: 'Fill in the blanks' });
  await prompt.getByLabel('Enter a value for date').fill('1 April');
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('placeholders').locator('output')).toHaveText('Spring clean on 1 April');
  await page.getByRole('button', { name: 'Next' }).click();

  // SMS: 'Same as subject' is on by default, so the SMS text follows the subject.
  const same = page.getByRole('switch', { name: 'Same as subject' });
  await expect(same).toBeChecked();
  const sms = page.getByLabel('SMS text');
  await expect(sms).toHaveValue('Spring clean on [date=?]');
  await expect(sms).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Include a link to the email in the SMS' })).toBeChecked();
  // Back from step 2 keeps what was typed; then on to the SMS step again.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByLabel('Subject').fill('Spring clean on [date=?] for [street=?]');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(sms).toHaveValue('Spring clean on [date=?] for [street=?]');
  await page.getByRole('button', { name: 'Next' }).click();

  // Template: the rich-text editor, with bold text and a photo from the search.
  const body = page.getByRole('textbox', { name: 'Message body' });
  await body.click();
  await page.keyboard.type('We now clean conservatories. ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Book early!');
  await page.getByRole('button', { name: 'Search photos' }).click();
  const photos = page.getByRole('dialog', { name: 'Search photos' });
  await photos.getByLabel('Search for photos').fill('sea');
  await photos.getByRole('button', { name: 'Search' }).click();
  const results = photos.getByTestId('photo-results').getByRole('button');
  await expect(results).toHaveCount(1);
  await results.first().click();
  await expect(photos).toBeHidden();
  await expect(body.locator('img')).toHaveAttribute('src', /\/api\/photos\/local\/sea\.png$/);
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/send\/templates\/?$/);
  const card = page.getByTestId('template-card').filter({ hasText: 'Spring offer' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Rich text')).toBeVisible();
  // The name search.
  await page.getByRole('searchbox').fill('autumn');
  await expect(page.getByText('No template has that name')).toBeVisible();
  await page.getByRole('searchbox').fill('spring');
  await expect(card).toBeVisible();

  // On the server: the SMS follows the subject, and the mail is the generated HTML.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 15_000 });
  const [saved] = await templatesOnServer(page);
  expect(saved).toMatchObject({
    name: 'Spring offer',
    subject: 'Spring clean on [date=?] for [street=?]',
    smsTemplate: 'Spring clean on [date=?] for [street=?]',
    includeLink: true,
    useSubjectAsSmsMessage: true,
  });
  expect(saved.html).toContain('<strong>Book early!</strong>');
  expect(saved.html).toMatch(/<img src="http[^"]*\/api\/photos\/local\/sea\.png"/);
  expect(saved.html).not.toContain('<style');
  const image = await page.request.get(new URL(saved.html.match(/<img src="([^"]+)"/)[1]).pathname);
  expect(image.headers()['content-type']).toBe('image/png');

  // Editing it again: the wizard opens on what was saved.
  await card.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: /^Name\b/ })).toHaveValue('Spring offer');
});

test("an image from the account's library goes into a template, and a mail client can load it", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  await business(page, `library-${info.project.name}-${Date.now()}`, ['send']);
  // An image attachment, uploaded as the browser does it: a link, the PUT to the bucket, the record.
  const png = await (await page.request.get('/api/photos/local/night-thumb.png')).body();
  const link = await page.request.post('/api/attachments/uploads', {
    data: { contentType: 'image/png', size: png.length },
  });
  expect(link.status(), await link.text()).toBe(201);
  const { id, url, headers } = await link.json();
  expect((await page.request.put(url, { data: png, headers })).status()).toBe(200);
  const recorded = await page.request.post('/api/attachments', {
    data: { id, name: 'Night van.png', commandId: `e2e-templates-upload-${Date.now()}` },
  });
  expect(recorded.status(), await recorded.text()).toBe(200);

  await page.goto('/send/templates/create');
  await page.getByRole('textbox', { name: /^Name\b/ }).fill('Night rounds', { timeout: 20_000 });
  await page.getByLabel('Subject').fill('We clean at night too');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Image library' }).click();
  const library = page.getByRole('dialog', { name: 'Image library' });
  await library.getByRole('button', { name: 'Night van.png' }).click();
  await expect(library).toBeHidden();
  const img = page.getByRole('textbox', { name: 'Message body' }).locator('img');
  await expect(img).toHaveAttribute('src', new RegExp(`/api/go/img/[^/]+/${id}$`));
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('template-card').filter({ hasText: 'Night rounds' })).toBeVisible();

  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 15_000 });
  const [saved] = await templatesOnServer(page);
  const src = saved.html.match(/<img src="([^"]+)"/)[1] as string;
  // A mail client has no session: the address still answers, with the picture.
  const mailClient = await request.newContext({ baseURL });
  const fetched = await mailClient.get(new URL(src).pathname);
  expect(fetched.status()).toBe(200);
  expect(Buffer.compare(await fetched.body(), png)).toBe(0);
  await mailClient.dispose();
});

test('with the block-editor flag, Finish opens the block editor; blocks, theme and revisions', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await business(page, `block-${info.project.name}-${Date.now()}`, ['send', 'blockEditor']);
  await page.goto('/send/templates/create');
  await page.getByRole('textbox', { name: /^Name\b/ }).fill('Newsletter', { timeout: 20_000 });
  await page.getByLabel('Subject').fill('News from us');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  // A starting template must be chosen.
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Please select a starting template to continue')).toBeVisible();
  await page.getByRole('button', { name: /Basic/ }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/block-editor\/[0-9A-Z]+$/);
  const id = page.url().split('/').pop() as string;

  // The 'Basic' container in the preview: centred, white, 600 px at most, 310 at least.
  const preview = page.frameLocator('[data-testid="email-preview"]');
  const container = preview.locator('body > table > tbody > tr > td > table');
  await expect(container).toHaveAttribute('bgcolor', '#ffffff');
  await expect(container).toHaveAttribute('style', /max-width:600px;min-width:310px/);
  await expect(preview.getByText('Write your message here.')).toBeVisible();

  // Change the text, add a button and columns, change the page colour.
  const outline = page.getByTestId('block-outline');
  await outline.getByRole('button', { name: /Write your message here/ }).click();
  await page.getByRole('textbox', { name: /^Text A blank line/ }).fill('Gutters cleared this spring.');
  await page.getByRole('group', { name: 'Add a block' }).getByRole('button', { name: 'Button' }).click();
  await page.getByLabel('Button text').fill('Book a clean');
  // No default link (the staff app's address took customers to its sign-in page).
  await expect(page.getByLabel('Button link')).toHaveValue('');
  await page.getByLabel('Button link').fill('https://sparkle.example/book');
  await page.getByRole('group', { name: 'Add a block' }).getByRole('button', { name: 'Columns' }).click();
  await expect(preview.getByText('Gutters cleared this spring.')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Book a clean' })).toBeVisible();
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByLabel('Page colour').fill('#fde68a');
  await expect(preview.locator('body > table')).toHaveAttribute('bgcolor', '#fde68a');
  await page.getByRole('button', { name: 'Save' }).click();
  await toastGone(page, 'Template saved.');

  // A second save, then back to the first revision.
  await outline.getByRole('button', { name: /Gutters cleared/ }).click();
  await page.getByRole('textbox', { name: /^Text A blank line/ }).fill('Second version.');
  await page.getByRole('button', { name: 'Save' }).click();
  await toastGone(page, 'Template saved.');
  await page.getByRole('button', { name: 'Revisions' }).click();
  const revisions = page.getByTestId('revisions').getByRole('listitem');
  await expect(revisions).toHaveCount(2);
  await revisions.nth(1).getByRole('button', { name: 'Restore' }).click();
  await expect(preview.getByText('Gutters cleared this spring.')).toBeVisible();
  await expect(revisions).toHaveCount(3);

  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 15_000 });
  const saved = (await templatesOnServer(page)).find((t) => t._id === id);
  expect(saved.theme.background).toBe('#fde68a');
  expect(saved.html).toContain('Gutters cleared this spring.');
  expect(saved.html).toContain('Book a clean');
  expect(saved.revisions).toHaveLength(3);

  // Close returns to the list; the same editor is at send/templates/editor/{id}.
  await page.getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/send\/templates\/?$/);
  await page.goto(`/send/templates/editor/${id}`);
  await expect(page.getByTestId('email-preview')).toBeVisible();
});

test("a read-only template is refused everywhere, and an unknown id is 'Template not found'", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await business(page, `readonly-${info.project.name}-${Date.now()}`, ['send', 'blockEditor']);
  const locked = await command(page, 'templates.create', {
    name: 'Price notice',
    subject: 'Prices change in April',
    readonly: true,
    starter: 'Basic',
  });
  // The API refuses to change or remove it.
  const refused = await page.request.post('/api/commands/templates.remove', {
    data: { commandId: `e2e-templates-remove-${Date.now()}`, input: { _id: locked._id } },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('templates.readonly');

  await page.goto('/send/templates');
  const card = page.getByTestId('template-card').filter({ hasText: 'Price notice' });
  await expect(card.getByText('Read-only')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('link')).toHaveCount(0);
  await expect(card.getByRole('button')).toHaveCount(0);
  for (const path of [`/send/templates/${locked._id}/edit`, `/block-editor/${locked._id}`]) {
    await page.goto(path);
    await expect(page.getByText('Read-only template')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name\b/ })).toHaveCount(0);
    await expect(page.getByTestId('email-preview')).toHaveCount(0);
  }
  for (const path of ['/send/templates/NOPE/edit', '/block-editor/NOPE']) {
    await page.goto(path);
    await expect(page.getByText('Template not found')).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to templates' }).click();
  await expect(page).toHaveURL(/\/send\/templates\/?$/);
});
