// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobList, type RoundRow } from './job-list';

// The root's react-i18next and lucide-react would load the root's older React under vitest.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, p?: { name?: string }) => (p?.name ? `${key} ${p.name}` : key) }),
}));
// With `t` mocked the area's words are not needed (and i18next is not set up).
vi.mock('./strings.ts', () => ({}));
vi.mock('lucide-react', () => ({
  ArrowDown: () => null,
  ArrowUp: () => null,
  GripVertical: () => null,
  UserRound: () => null,
}));
afterEach(cleanup);

const row = (id: string, name: string): RoundRow =>
  ({
    job: { _id: id, customerId: `C${id}`, price: 10, location: { addressDescription: `${id} Road` } },
    customer: { name, address: { addressDescription: '' } },
  }) as unknown as RoundRow;
const rows = [row('1', 'Ann'), row('2', 'Bob'), row('3', 'Cat'), row('4', 'Dan')];

function renderList(onReorder = vi.fn()) {
  const view = render(
    <JobList rows={rows} money={(n) => `£${n}`} canReorder onReorder={onReorder} onViewCustomer={() => {}} />,
  );
  // Rows 40 px high, from the list's top: Ann 0-40, Bob 40-80, Cat 80-120, Dan 120-160.
  document.querySelectorAll<HTMLElement>('[data-row]').forEach((el, i) => {
    el.getBoundingClientRect = () => ({ top: i * 40, height: 40, bottom: i * 40 + 40 }) as DOMRect;
  });
  return { onReorder, view };
}

const pointer = { pointerId: 1, isPrimary: true, button: 0, pointerType: 'touch' };
/** Presses the handle of `name`; the moves and the release go to the window, as in a browser. */
function press(name: string, clientY: number) {
  fireEvent.pointerDown(screen.getByRole('button', { name: `rounds.drag-to-reorder ${name}` }), {
    ...pointer,
    clientY,
  });
}
const moveTo = (clientY: number) => fireEvent.pointerMove(window, { ...pointer, clientY });
const release = (clientY: number) => fireEvent.pointerUp(window, { ...pointer, clientY });
/** The names as shown (CSS order) and as in the DOM. */
const shown = () =>
  [...document.querySelectorAll<HTMLElement>('[data-row]')]
    .sort((a, b) => Number(a.style.order) - Number(b.style.order))
    .map((el) => el.querySelector('.font-medium')?.textContent);
const inDom = () =>
  [...document.querySelectorAll<HTMLElement>('[data-row]')].map(
    (el) => el.querySelector('.font-medium')?.textContent,
  );

describe('the round dialog job list', () => {
  it('moves a job down and up with the buttons (keyboard reachable)', () => {
    const { onReorder } = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'rounds.move-down Ann' }));
    expect(onReorder).toHaveBeenLastCalledWith(['2', '1', '3', '4']);
    fireEvent.click(screen.getByRole('button', { name: 'rounds.move-up Cat' }));
    expect(onReorder).toHaveBeenLastCalledWith(['1', '3', '2', '4']);
    expect(screen.getByRole('button', { name: 'rounds.move-up Ann' })).toHaveProperty('disabled', true);
  });

  it('drags a job many rows down, past rows that move under the pointer, without moving them in the DOM', () => {
    const { onReorder } = renderList();
    press('Ann', 20);
    for (const y of [50, 70, 90, 110, 130, 150]) moveTo(y);
    // The preview: Ann last, numbered 4; the DOM keeps its order, so the pointer keeps its target.
    expect(shown()).toEqual(['Bob', 'Cat', 'Dan', 'Ann']);
    expect(inDom()).toEqual(['Ann', 'Bob', 'Cat', 'Dan']);
    release(150);
    expect(onReorder).toHaveBeenCalledExactlyOnceWith(['2', '3', '4', '1']);
    expect(shown()).toEqual(['Ann', 'Bob', 'Cat', 'Dan']);
  });

  it('drags a job up: above the middle of the row it is dropped on', () => {
    const { onReorder } = renderList();
    press('Dan', 140);
    for (const y of [110, 80, 50, 30]) moveTo(y);
    release(30);
    expect(onReorder).toHaveBeenCalledExactlyOnceWith(['1', '4', '2', '3']);
  });

  it('drops the dragged job when the rows are re-extracted during the drag', () => {
    const { onReorder, view } = renderList();
    press('Bob', 60);
    moveTo(130);
    // A sync lands: the dialog extracts the same jobs again, as new objects.
    view.rerender(
      <JobList
        rows={rows.map((r) => ({ ...r }))}
        money={(n) => `£${n}`}
        canReorder
        onReorder={onReorder}
        onViewCustomer={() => {}}
      />,
    );
    moveTo(150);
    release(150);
    expect(onReorder).toHaveBeenCalledExactlyOnceWith(['1', '3', '4', '2']);
  });

  it('a drop where it started, or a cancelled drag, changes nothing', () => {
    const { onReorder } = renderList();
    press('Bob', 60);
    moveTo(62);
    release(62);
    press('Bob', 60);
    moveTo(150);
    fireEvent.pointerCancel(window, pointer);
    // After the cancel, a stray release does nothing either.
    release(150);
    expect(onReorder).not.toHaveBeenCalled();
    expect(shown()).toEqual(['Ann', 'Bob', 'Cat', 'Dan']);
  });
});
