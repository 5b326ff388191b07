/**
 * The value the page's style sheets declare for `property` on `element` (the last matching rule
 * wins; cascade layers are walked into). jsdom's getComputedStyle ignores rules inside @layer,
 * where Chakra puts its recipes, so a test reads the rules themselves.
 */
export function declaredStyle(element: Element, property: string): string | null {
  let value: string | null = null;
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if ('selectorText' in rule && 'style' in rule) {
        const styleRule = rule as CSSStyleRule;
        let matches = false;
        try {
          matches = element.matches(styleRule.selectorText);
        } catch {
          // selectors jsdom cannot parse (pseudo-elements, :has) never match here
        }
        const declared = styleRule.style.getPropertyValue(property);
        if (matches && declared) value = declared;
      }
      if ('cssRules' in rule && !('selectorText' in rule)) visit((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
  return value;
}
