import { PageMain, ShellFrame } from './shell-frame';

/** The hall screen's shell (issue 45): the page alone, full screen, for a projector; no site menu or footer. */
export function HallLayout() {
  return (
    <ShellFrame>
      <PageMain />
    </ShellFrame>
  );
}
