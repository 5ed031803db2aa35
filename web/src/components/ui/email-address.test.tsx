import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('lets the address wrap before its @ and its dots only, its text unchanged', () => {
    const { container } = render(
      <p>
        <EmailAddress email="grace.hopper@navy.example" />
      </p>,
    );
    const paragraph = container.querySelector('p')!;
    expect(paragraph.textContent).toBe('grace.hopper@navy.example');
    expect(paragraph.innerHTML).toBe('grace<wbr>.hopper<wbr>@navy<wbr>.example');
  });
});
