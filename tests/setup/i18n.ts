// Unit and component tests run in English unless a test activates Tamil (ADR 015): the same
// catalogs the build compiles, loaded into the shared Lingui instance.
import { i18n } from '@lingui/core';
import { messages as en } from '../../src/locales/en.po';
import { messages as ta } from '../../src/locales/ta.po';

i18n.load({ en, ta });
i18n.activate('en');
