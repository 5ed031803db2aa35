/** Stands in for imported stylesheets in component tests (jsdom lays nothing out). */
export default {};
