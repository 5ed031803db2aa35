/**
 * The questionnaire builder in Chromium: the admin opens a package's questionnaire from the list,
 * adds a question, sees it in the live list, saves (a toast once the server accepted), finds the new
 * version in the history and restores the demo one.
 */
import { expect, test } from './fixtures.js';
import { logIn } from './accounts.js';

test('an admin edits a package’s questionnaire and restores the demo one', async ({
  page,
  stack,
}) => {
  await logIn(page, stack.adminEmail, stack.adminPassword);
  await page.goto('/admin/intake-forms');
  await expect(page.getByRole('heading', { name: 'Questionnaires', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Edit the Basic questionnaire' }).click();
  await expect(page.getByRole('heading', { name: 'Questionnaire: Basic', level: 1 })).toBeVisible();

  const questions = page
    .getByRole('list')
    .filter({ has: page.getByRole('listitem', { name: 'Question 1' }) });
  const count = await questions.getByRole('listitem', { name: /^Question \d+$/ }).count();
  await page.getByRole('button', { name: 'Add a question' }).click();
  const added = page.getByRole('listitem', { name: `Question ${count + 1}` });
  await added.getByRole('textbox', { name: 'Label' }).fill('Monthly budget');
  await added.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Number' });
  await expect(
    page
      .getByRole('region', { name: 'The questions, in order' })
      .getByText('Monthly budget (Number)'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(page.getByText(/The questionnaire is saved \(version \d+\)/)).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(`${count + 1} questions`, { exact: false }).first()).toBeVisible();

  await history.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Version 1 is restored as the newest version')).toBeVisible();
  await expect(page.getByRole('listitem', { name: `Question ${count + 1}` })).toHaveCount(0);
});
