// Package sseclient reads Server-Sent Events the way a browser does, for the API tests and the
// stream benchmark (the gateway's live streams, gateway/stream.go).
package sseclient

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Event is one dispatched event. Comments (heartbeats) are not events.
type Event struct {
	ID, Name, Data string
}

// Stream is an open event stream.
type Stream struct {
	Response *http.Response
	r        *bufio.Reader
	// LastID is the last id the server set (also by an id-only message), as a browser keeps
	// it for Last-Event-ID.
	LastID string
	// Retry is the last retry value the server sent, as sent.
	Retry string
}

// Open requests url with the given Last-Event-ID (none when empty). A non-200 answer is
// returned with its response and an error; the caller closes nothing then.
func Open(ctx context.Context, client *http.Client, url, lastEventID string) (*Stream, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/event-stream")
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	s := &Stream{Response: resp, r: bufio.NewReaderSize(resp.Body, 512), LastID: lastEventID}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return s, fmt.Errorf("sseclient: %s: %d %s", url, resp.StatusCode, body)
	}
	return s, nil
}

// Close ends the stream.
func (s *Stream) Close() error { return s.Response.Body.Close() }

// Next returns the next dispatched event; id-only messages update LastID and heartbeats are
// skipped.
func (s *Stream) Next() (Event, error) {
	for {
		m, err := s.message()
		if err != nil || m.dispatched {
			return m.Event, err
		}
	}
}

// NextComment reads until the next message with a comment (a heartbeat).
func (s *Stream) NextComment() error {
	for {
		m, err := s.message()
		if err != nil || m.comment {
			return err
		}
	}
}

// Preamble reads the stream's opening message (retry, and an id when the server knows the
// event's latest change); it returns the event when the opening carries one (a Last-Event-ID
// catch-up).
func (s *Stream) Preamble() (*Event, error) {
	m, err := s.message()
	if err != nil || !m.dispatched {
		return nil, err
	}
	return &m.Event, nil
}

type message struct {
	Event
	dispatched, comment bool
}

// message reads one message, up to its blank line.
func (s *Stream) message() (message, error) {
	var m message
	var data []string
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			return message{}, err
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if line == "" {
			if data != nil {
				m.Data, m.ID, m.dispatched = strings.Join(data, "\n"), s.LastID, true
			}
			return m, nil
		}
		if strings.HasPrefix(line, ":") {
			m.comment = true
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			m.Name = value
		case "data":
			data = append(data, value)
		case "id":
			s.LastID = value
		case "retry":
			s.Retry = value
		}
	}
}
