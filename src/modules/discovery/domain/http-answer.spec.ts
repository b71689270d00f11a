import { httpAnswerComplete, httpFields } from './http-answer';

describe('httpFields', () => {
  it('reads status, headers by lower-case name, realm, title and a JSON body', () => {
    const answer = [
      'HTTP/1.1 401 Unauthorized',
      'Server: nginx/1.25.3',
      'X-Powered-By: Express',
      'WWW-Authenticate: Basic realm="Lab router", charset="UTF-8"',
      'Content-Type: application/json',
      '',
      '{"version":{"number":"8.1","build":["a"]},"tagline":"You\\nKnow","ok":true,"none":null}',
    ].join('\r\n');
    expect(httpFields(answer)).toEqual({
      status: '401',
      server: 'nginx/1.25.3',
      'x-powered-by': 'Express',
      'www-authenticate': 'Basic realm="Lab router", charset="UTF-8"',
      'content-type': 'application/json',
      realm: 'Lab router',
      json: 'none=null\nok=true\ntagline=You Know\nversion.number=8.1',
    });
  });

  it('decodes the title and collapses its white space', () => {
    const answer = 'HTTP/1.0 200 OK\n\n<html><head><TITLE lang="en">\n  Tom &amp; Jerry&#39;s &#x2014; NAS \n</TITLE>';
    expect(httpFields(answer)).toEqual({ status: '200', title: "Tom & Jerry's — NAS" });
  });

  it('is nothing for what is not HTTP, and leaves a body that is not a JSON object out', () => {
    expect(httpFields('-ERR unknown command\r\n')).toBeUndefined();
    expect(httpFields('HTTP/1.1 200 OK\r\n\r\n{"cut": "off')).toEqual({ status: '200' });
    expect(httpFields('HTTP/1.1 200 OK\r\n\r\n[1, 2]')).toEqual({ status: '200' });
  });
});

describe('httpAnswerComplete', () => {
  it('waits for the head and then its Content-Length, else a title or an error status', () => {
    expect(httpAnswerComplete('HTTP/1.1 200 OK\r\nServer: x')).toBe(false);
    expect(httpAnswerComplete('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nab')).toBe(false);
    expect(httpAnswerComplete('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nabcd')).toBe(true);
    expect(httpAnswerComplete('HTTP/1.1 200 OK\r\n\r\n<html>')).toBe(false);
    expect(httpAnswerComplete('HTTP/1.1 200 OK\r\n\r\n<title>x</title>')).toBe(true);
    expect(httpAnswerComplete('HTTP/1.1 302 Found\r\nLocation: /a\r\n\r\n')).toBe(true);
    expect(httpAnswerComplete('-ERR unknown')).toBe(false);
    expect(httpAnswerComplete('-ERR unknown\r\n')).toBe(true);
  });
});
