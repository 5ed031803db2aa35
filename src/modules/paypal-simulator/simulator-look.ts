export const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The simulator's look, shared by its pages. */
export const SIMULATOR_STYLE = `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem 1rem;border-radius:.5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem}dt{color:#6b7280}dd{margin:0;font-weight:600}
button{background:#0070ba;color:#fff;border:0;border-radius:1.5rem;padding:.75rem 2rem;font-size:1rem;cursor:pointer}
button.secondary{background:#e5e7eb;color:#1f2937}
a{margin-left:1rem}details{margin:1.5rem 0}label{display:block;margin:.5rem 0}</style>`;
