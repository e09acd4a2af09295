import { AISLE_AFTER, CABIN_LETTERS, CABIN_ROWS } from '../../src/cabin/cabin-layout.js';

/**
 * The drawn cabin: one `<button data-seat="3C">` per seat, free ones clickable, taken ones disabled. Only
 * build-time values (rows, letters) and seat ids from the question become DOM, and always as text or
 * attributes, never as markup.
 */
export class CabinView {
  private readonly buttons = new Map<string, HTMLButtonElement>();
  private selected: string | undefined;

  constructor(
    container: HTMLElement,
    private readonly onSelect: (seat: string) => void,
  ) {
    container.replaceChildren(this.letterRow(), ...CABIN_ROWS.map((row) => this.seatRow(row)));
  }

  /** Shows which seats are free; every seat is disabled until a question arrives. */
  offer(freeSeats: ReadonlySet<string>): void {
    this.selected = undefined;
    for (const [seat, button] of this.buttons) {
      const free = freeSeats.has(seat);
      button.disabled = !free;
      button.classList.toggle('taken', !free);
      button.setAttribute('aria-pressed', 'false');
      button.title = free ? `Seat ${seat}` : `Seat ${seat} is taken`;
    }
  }

  /** Stops any further choice, once the answer is sent. */
  freeze(): void {
    for (const button of this.buttons.values()) button.disabled = true;
  }

  get selection(): string | undefined {
    return this.selected;
  }

  private select(seat: string): void {
    this.selected = seat;
    for (const [id, button] of this.buttons) button.setAttribute('aria-pressed', String(id === seat));
    this.onSelect(seat);
  }

  private letterRow(): HTMLElement {
    const row = this.row();
    row.classList.add('letters');
    row.append(this.cell('', 'row-number'));
    for (const letter of CABIN_LETTERS) {
      row.append(this.cell(letter, 'letter'));
      if (letter === AISLE_AFTER) row.append(this.cell('', 'aisle'));
    }
    return row;
  }

  private seatRow(rowNumber: number): HTMLElement {
    const row = this.row();
    row.append(this.cell(String(rowNumber), 'row-number'));
    for (const letter of CABIN_LETTERS) {
      const seat = `${rowNumber}${letter}`;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'seat';
      button.dataset.seat = seat;
      button.textContent = seat;
      button.disabled = true;
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', () => this.select(seat));
      this.buttons.set(seat, button);
      row.append(button);
      if (letter === AISLE_AFTER) row.append(this.cell('', 'aisle'));
    }
    return row;
  }

  private row(): HTMLElement {
    const row = document.createElement('div');
    row.className = 'cabin-row';
    row.setAttribute('role', 'row');
    return row;
  }

  private cell(text: string, className: string): HTMLElement {
    const cell = document.createElement('span');
    cell.className = className;
    cell.textContent = text;
    return cell;
  }
}
