import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Container } from './container.tsx';

describe('Container', () => {
  it('is 1100 px wide unless it is given a width of its own', () => {
    const { container } = render(
      <>
        <Container className="section-y">default</Container>
        <Container className="section-y max-w-2xl text-center">narrow</Container>
      </>,
    );
    const [wide, narrow] = [...container.children];
    expect(wide?.className).toContain('max-w-[1100px]');
    expect(narrow?.className).toContain('max-w-2xl');
    expect(narrow?.className).not.toContain('max-w-[1100px]');
  });
});
