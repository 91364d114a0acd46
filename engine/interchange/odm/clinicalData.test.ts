/**
 * The ClinicalData chunk writer: a file made of odmDataStart + odmSubjectData… + odmDataEnd validates against the
 * ODM 1.3.2 schema with audit records, a signature and query annotations, and refers to the metadata export's OIDs.
 */
import { describe, expect, it } from 'vitest';
import { demoStudyDefinition } from '../../../fixtures/interchange/demoStudyDefinition';
import { validateOdm } from '../../../fixtures/interchange/validateOdm';
import {
  odmDataEnd,
  odmDataStart,
  odmSubjectData,
  odmSubjectParts,
  type OdmDataHeader,
  type OdmSubject,
} from './clinicalData';
import { exportOdmMetadata } from './exportOdm';

const definition = demoStudyDefinition();
const header: OdmDataHeader = {
  file: {
    fileOid: 'ODM.DEMO.DATA.1',
    creationDateTime: '2026-03-15T10:00:00+08:00',
    sourceSystem: 'EDC web',
  },
  definition,
  users: [
    { id: 'u-crc', loginName: 'crc.li', displayName: 'Li (CRC)' },
    { id: 'u-pi', loginName: 'pi.wang', displayName: 'Wang (PI) <&>' },
  ],
  locations: [{ id: 'site-bj01', sitecode: 'BJ01', sitename: 'Beijing Demo Hospital' }],
  signatureMeanings: ['PI approval'],
};
const crc = { userId: 'u-crc', locationId: 'site-bj01' };
const subject: OdmSubject = {
  subjectKey: 'BJ01-0002',
  siteId: 'site-bj01',
  events: [
    {
      visitnum: 'V1',
      repeatKey: null,
      forms: [
        {
          tid: 'VS',
          lineno: 1,
          signature: {
            userId: 'u-pi',
            locationId: 'site-bj01',
            dateTime: '2026-03-02T09:00:00+08:00',
            meaning: 'PI approval',
          },
          items: [
            {
              variable: 'SYSBP',
              value: '135',
              audit: [
                {
                  ...crc,
                  dateTime: '2026-03-01T09:00:00+08:00',
                  reasonForChange: null,
                  action: 'insert',
                  value: '153',
                  sourceId: 'a1',
                },
                {
                  ...crc,
                  dateTime: '2026-03-01T10:00:00+08:00',
                  reasonForChange: 'Transcription error',
                  action: 'update',
                  value: '135',
                  sourceId: 'a2',
                },
              ],
              annotations: [
                { id: 'q-17', comment: 'Please confirm 135 "mmHg" & the cuff size', flag: 'answered' },
              ],
            },
            {
              variable: 'VSDAT',
              value: '2026-03-01',
              audit: [
                { ...crc, dateTime: '2026-03-01T09:00:00+08:00', reasonForChange: null, action: 'insert' },
              ],
              annotations: [],
            },
            { variable: 'VSTIM', value: null, audit: [], annotations: [] },
          ],
        },
      ],
    },
    {
      visitnum: 'LOG',
      repeatKey: null,
      forms: [
        {
          tid: 'AE',
          lineno: 1,
          signature: null,
          items: [{ variable: 'AETERM', value: 'Headache', audit: [], annotations: [] }],
        },
        {
          tid: 'AE',
          lineno: 2,
          signature: null,
          items: [{ variable: 'AETERM', value: 'Nausea', audit: [], annotations: [] }],
        },
      ],
    },
    {
      visitnum: 'CYC',
      repeatKey: '2',
      forms: [
        {
          tid: 'VS',
          lineno: 1,
          signature: null,
          items: [{ variable: 'SYSBP', value: '120', audit: [], annotations: [] }],
        },
      ],
    },
  ],
};

describe('ODM ClinicalData writer', () => {
  const xml =
    odmDataStart(header) +
    odmSubjectData(subject, definition) +
    odmSubjectData({ ...subject, subjectKey: 'BJ01-0003', events: [] }, definition) +
    odmDataEnd(header);

  it('validates against the ODM 1.3.2 schema with audit records, a signature and annotations', async () => {
    expect(await validateOdm(xml, 'data.xml')).toEqual([]);
  }, 30_000);

  it('writes each change with its audit record, the signature, the query and log-line rows', () => {
    expect(xml).toContain(
      '<ItemData ItemOID="I.VS.SYSBP" TransactionType="Insert" Value="153"><AuditRecord><UserRef UserOID="U.u-crc"/><LocationRef LocationOID="L.site-bj01"/><DateTimeStamp>2026-03-01T09:00:00+08:00</DateTimeStamp><SourceID>a1</SourceID></AuditRecord></ItemData>',
    );
    expect(xml).toContain('<ReasonForChange>Transcription error</ReasonForChange>');
    expect(xml).toContain('<ItemData ItemOID="I.VS.VSTIM" TransactionType="Upsert" IsNull="Yes"/>');
    expect(xml).toContain('<SignatureRef SignatureOID="SD.PI_approval"/>');
    expect(xml).toContain('<Comment>Please confirm 135 "mmHg" &amp; the cuff size</Comment>');
    expect(xml).toContain('<ItemGroupData ItemGroupOID="IG.AE.ae" ItemGroupRepeatKey="2"');
    expect(xml).toContain('<StudyEventData StudyEventOID="SE.CYC" StudyEventRepeatKey="2"');
    expect(xml).toContain('<DisplayName>Wang (PI) &lt;&amp;&gt;</DisplayName>');
  });

  it('streams a subject in parts of at most one FormData each, which joined are its SubjectData', () => {
    const parts = [...odmSubjectParts(subject, definition)];
    expect(parts.join('')).toBe(odmSubjectData(subject, definition));
    const forms = subject.events.reduce((n, e) => n + new Set(e.forms.map((f) => f.tid)).size, 0);
    // the open tag with its SiteRef, each event's open and close tags, each form, the close tag
    expect(parts).toHaveLength(1 + 2 * subject.events.length + forms + 1);
    for (const part of parts) expect(part.match(/<FormData /g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect([...odmSubjectParts({ ...subject, events: [] }, definition)].join('')).toBe(
      '<SubjectData SubjectKey="BJ01-0002" TransactionType="Upsert"><SiteRef LocationOID="L.site-bj01"/></SubjectData>\n',
    );
  });

  it('refers to OIDs the metadata export defines', () => {
    const metadata = exportOdmMetadata(definition, header.file);
    const refs = [...xml.matchAll(/(?:ItemOID|ItemGroupOID|FormOID|StudyEventOID)="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(refs.length).toBeGreaterThan(5);
    for (const oid of refs) expect(metadata, oid).toContain(`OID="${oid}"`);
  });
});
