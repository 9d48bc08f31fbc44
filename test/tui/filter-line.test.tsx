import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { FilterLine } from "../../src/tui/components/filter-line.js";
import { createTheme } from "../../src/tui/theme.js";

describe("the request line under a list", () => {
  it("names whom a list was asked as harmlessly: a uid with escape sequences shows as their visible trace", () => {
    const { lastFrame, unmount } = render(
      <FilterLine tokens={[]} errors={[]} request={"GET /users/bob/messages?perPage=50 (as u1-\u001b[31mred\u001b[0m)"} width={100} theme={createTheme(false)} />,
    );
    const frame = lastFrame() ?? "";
    expect(frame).toContain("(as u1-␛[31mred␛[0m)");
    expect(frame).not.toContain("\u001b[31m");
    unmount();
  });
});
