// Package robotsdk is an SDK whose client makes its requests with
// http.NewRequest (no ctx) through the http.Client it is given.
package robotsdk

import (
	"io"
	"net/http"
)

type RobotClient interface {
	ServerGetList() ([]byte, error)
}

type Client struct {
	httpClient *http.Client
	user       string
}

func NewBasicAuthClient(user string) RobotClient {
	return &Client{httpClient: &http.Client{}, user: user}
}

func NewBasicAuthClientWithCustomHttpClient(user string, hc *http.Client) RobotClient {
	return &Client{httpClient: hc, user: user}
}

func (c *Client) ServerGetList() ([]byte, error) { return c.doGetRequest("https://robot/server") }

func (c *Client) doGetRequest(url string) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(c.user, "")
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
