import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { FormControls, NO_SCRIPT_NOTE } from './form-controls';

const form = (
  <form>
    <FormControls>
      <label>
        Email <input name="email" />
      </label>
      <button type="submit">Subscribe</button>
    </FormControls>
  </form>
);

describe('a server-rendered form’s controls', () => {
  it('come disabled from the server, with a note for a browser that runs no script', () => {
    const page = new DOMParser().parseFromString(renderToString(form), 'text/html');
    expect(page.querySelector('fieldset')?.hasAttribute('disabled')).toBe(true);
    const note = page.querySelector('fieldset > noscript');
    expect(note?.textContent).toBe(NO_SCRIPT_NOTE);
    expect(NO_SCRIPT_NOTE).toMatch(/^This form needs JavaScript/);
  });

  it('are enabled once the page runs, and the note stays out of the page', () => {
    render(form);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(screen.queryByText(NO_SCRIPT_NOTE)).toBeNull();
  });
});
