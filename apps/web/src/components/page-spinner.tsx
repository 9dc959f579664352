import './page-spinner.css';

/** A centred spinner for a page whose code or data is loading (plain, so a prerendered page can show it). */
export function PageSpinner() {
  return (
    <div className="page-spinner" aria-busy="true">
      <span className="page-spinner__wheel" />
    </div>
  );
}
