// Web unit tests: lazily loaded pieces (code frames, formulas, antd's dialogues) can take seconds
// to arrive on a loaded 2-core runner; findBy/waitFor wait up to 10 s instead of Testing Library's 1 s.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
