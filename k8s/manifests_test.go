// Package k8s holds the Kubernetes manifests; its test renders them with kustomize and checks
// every object against the Kubernetes API types, offline.
package k8s

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// typed maps apiVersion/kind to the API type the object must decode into.
var typed = map[string]func() any{
	"v1/Namespace":                            func() any { return &corev1.Namespace{} },
	"v1/ConfigMap":                            func() any { return &corev1.ConfigMap{} },
	"v1/Service":                              func() any { return &corev1.Service{} },
	"v1/ServiceAccount":                       func() any { return &corev1.ServiceAccount{} },
	"apps/v1/Deployment":                      func() any { return &appsv1.Deployment{} },
	"batch/v1/Job":                            func() any { return &batchv1.Job{} },
	"autoscaling/v2/HorizontalPodAutoscaler":  func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
	"policy/v1/PodDisruptionBudget":           func() any { return &policyv1.PodDisruptionBudget{} },
	"networking.k8s.io/v1/NetworkPolicy":      func() any { return &networkingv1.NetworkPolicy{} },
	"monitoring.coreos.com/v1/ServiceMonitor": func() any { return &serviceMonitor{} },
}

// serviceMonitor is the part of the Prometheus Operator's type that the monitoring component
// uses (its Go types are not a dependency of this module); strict decoding holds it to that.
type serviceMonitor struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   metav1.ObjectMeta `json:"metadata"`
	Spec       struct {
		Selector  metav1.LabelSelector `json:"selector"`
		Endpoints []struct {
			Port     string `json:"port"`
			Path     string `json:"path"`
			Interval string `json:"interval"`
		} `json:"endpoints"`
	} `json:"spec"`
}

func render(t *testing.T, dir string) []map[string]any {
	t.Helper()
	resMap, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		t.Fatalf("kustomize %s: %v", dir, err)
	}
	var objects []map[string]any
	for _, res := range resMap.Resources() {
		m, err := res.Map()
		if err != nil {
			t.Fatal(err)
		}
		objects = append(objects, m)
	}
	return objects
}

// decodeStrict fails on unknown fields and wrong types.
func decodeStrict(obj map[string]any) (any, error) {
	key := fmt.Sprintf("%s/%s", obj["apiVersion"], obj["kind"])
	newObj, ok := typed[key]
	if !ok {
		return nil, fmt.Errorf("no API type registered for %s", key)
	}
	raw, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	out := newObj()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	return out, dec.Decode(out)
}

func TestManifestsRenderAndMatchTheAPISchemas(t *testing.T) {
	t.Parallel()
	for _, dir := range []string{"base", "overlays/production", "overlays/production-monitored", "overlays/production-edge", "overlays/production-ha"} {
		t.Run(dir, func(t *testing.T) {
			objects := render(t, dir)
			if len(objects) == 0 {
				t.Fatal("nothing rendered")
			}
			deployments := map[string]*appsv1.Deployment{}
			for _, obj := range objects {
				out, err := decodeStrict(obj)
				if err != nil {
					t.Fatalf("%s %v: %v", obj["kind"], obj["metadata"], err)
				}
				switch o := out.(type) {
				case *appsv1.Deployment:
					deployments[o.Name] = o
				case *corev1.Service:
					checkMetricsPort(t, o)
				}
			}
			for _, name := range []string{"gateway", "auth-svc", "competition-svc", "results-svc", "public-svc"} {
				d, ok := deployments[name]
				if !ok {
					t.Fatalf("no Deployment %s", name)
				}
				checkHardened(t, d)
			}
		})
	}
}

// checkMetricsPort: every Service offers the metrics port that a ServiceMonitor selects by name.
func checkMetricsPort(t *testing.T, s *corev1.Service) {
	t.Helper()
	if s.Labels["app.kubernetes.io/component"] == "edge" {
		return // nginx, not a Podium target
	}
	for _, p := range s.Spec.Ports {
		if p.Name == "metrics" && p.Port == 9464 {
			return
		}
	}
	t.Errorf("Service %s: no metrics port", s.Name)
}

// checkHardened holds every target to the same bar: non-root, read-only root filesystem,
// no capabilities, requests and limits, probes, its own service account.
func checkHardened(t *testing.T, d *appsv1.Deployment) {
	t.Helper()
	pod := d.Spec.Template.Spec
	if pod.ServiceAccountName != d.Name {
		t.Errorf("%s: service account %q", d.Name, pod.ServiceAccountName)
	}
	if pod.SecurityContext == nil || pod.SecurityContext.RunAsNonRoot == nil || !*pod.SecurityContext.RunAsNonRoot {
		t.Errorf("%s: pod may run as root", d.Name)
	}
	for _, c := range pod.Containers {
		sc := c.SecurityContext
		if sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem ||
			sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation ||
			sc.Capabilities == nil || len(sc.Capabilities.Drop) != 1 || sc.Capabilities.Drop[0] != "ALL" {
			t.Errorf("%s/%s: container not hardened", d.Name, c.Name)
		}
		if c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() ||
			c.Resources.Limits.Cpu().IsZero() || c.Resources.Limits.Memory().IsZero() {
			t.Errorf("%s/%s: requests and limits missing", d.Name, c.Name)
		}
		if !hasPort(c.Ports, "metrics", 9464) || d.Spec.Template.Annotations["prometheus.io/port"] != "9464" {
			t.Errorf("%s/%s: metrics port or scrape annotations missing", d.Name, c.Name)
		}
		if c.ReadinessProbe == nil || c.LivenessProbe == nil {
			t.Errorf("%s/%s: probes missing", d.Name, c.Name)
		}
		if d.Name != "gateway" && (c.ReadinessProbe == nil || c.ReadinessProbe.GRPC == nil) {
			t.Errorf("%s/%s: a gRPC service needs a gRPC health probe", d.Name, c.Name)
		}
		for _, e := range c.Env {
			if strings.Contains(e.Name, "KEY") || strings.Contains(e.Name, "DATABASE_URL") {
				if e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil {
					t.Errorf("%s: %s must come from a Secret", d.Name, e.Name)
				}
			}
		}
	}
}

func hasPort(ports []corev1.ContainerPort, name string, port int32) bool {
	for _, p := range ports {
		if p.Name == name && p.ContainerPort == port {
			return true
		}
	}
	return false
}

// The monitoring component brings a ServiceMonitor and the dashboard as a ConfigMap that
// Grafana's sidecar picks up.
func TestMonitoringComponentRendersServiceMonitorAndDashboard(t *testing.T) {
	t.Parallel()
	var monitors, dashboards int
	for _, obj := range render(t, "overlays/production-monitored") {
		out, err := decodeStrict(obj)
		if err != nil {
			t.Fatal(err)
		}
		switch o := out.(type) {
		case *serviceMonitor:
			monitors++
			if len(o.Spec.Endpoints) != 1 || o.Spec.Endpoints[0].Port != "metrics" {
				t.Errorf("ServiceMonitor endpoints: %+v", o.Spec.Endpoints)
			}
		case *corev1.ConfigMap:
			if o.Labels["grafana_dashboard"] == "1" {
				dashboards++
				if !json.Valid([]byte(o.Data["podium-dashboard.json"])) {
					t.Error("the dashboard ConfigMap does not hold valid JSON")
				}
			}
		}
	}
	if monitors != 1 || dashboards != 1 {
		t.Errorf("rendered %d ServiceMonitors and %d dashboards, want 1 and 1", monitors, dashboards)
	}
}

func TestStrictDecodingCatchesMistakes(t *testing.T) {
	t.Parallel()
	for name, obj := range map[string]string{
		"unknown field": "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\nspec: {replicaz: 2}\n",
		"wrong type":    "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\nspec: {replicas: two}\n",
	} {
		var m map[string]any
		if err := yaml.Unmarshal([]byte(obj), &m); err != nil {
			t.Fatal(err)
		}
		if _, err := decodeStrict(m); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestBaseFencesTheServices: the base alone (not only the production overlay) denies ingress
// by default and opens the services' gRPC port to Podium's own pods only; every target gets
// the service key from a Secret and the services listen where the ConfigMap says (the binary's
// default is the loopback).
func TestBaseFencesTheServices(t *testing.T) {
	t.Parallel()
	policies := map[string]*networkingv1.NetworkPolicy{}
	var config *corev1.ConfigMap
	var deployments []*appsv1.Deployment
	for _, obj := range render(t, "base") {
		out, err := decodeStrict(obj)
		if err != nil {
			t.Fatal(err)
		}
		switch o := out.(type) {
		case *networkingv1.NetworkPolicy:
			policies[o.Name] = o
		case *corev1.ConfigMap:
			config = o
		case *appsv1.Deployment:
			deployments = append(deployments, o)
		}
	}
	deny, ok := policies["default-deny-ingress"]
	if !ok || len(deny.Spec.PodSelector.MatchLabels)+len(deny.Spec.PodSelector.MatchExpressions) != 0 || len(deny.Spec.Ingress) != 0 {
		t.Fatalf("no default deny for every pod's ingress: %+v", deny)
	}
	grpcIn, ok := policies["services-grpc-ingress"]
	if !ok || len(grpcIn.Spec.Ingress) != 1 || len(grpcIn.Spec.Ingress[0].From) != 1 || grpcIn.Spec.Ingress[0].From[0].PodSelector == nil ||
		grpcIn.Spec.Ingress[0].From[0].NamespaceSelector != nil || grpcIn.Spec.Ingress[0].From[0].IPBlock != nil {
		t.Fatalf("the services' gRPC port must be open to Podium's pods only: %+v", grpcIn)
	}
	if config == nil || config.Data["PODIUM_GRPC_LISTEN"] != ":9090" {
		t.Fatalf("the ConfigMap must set the services' listen address explicitly")
	}
	for _, d := range deployments {
		found := false
		for _, e := range d.Spec.Template.Spec.Containers[0].Env {
			if e.Name == "PODIUM_SERVICE_KEY" && e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: PODIUM_SERVICE_KEY from a Secret missing", d.Name)
		}
	}
}

// The edge component runs nginx from the very template the edge tests run (tests/edge), with
// the same hardening as the targets, in the overlay's namespace.
func TestEdgeComponentServesTheTestedTemplate(t *testing.T) {
	t.Parallel()
	template, err := os.ReadFile("components/edge/podium-edge.conf.template")
	if err != nil {
		t.Fatal(err)
	}
	var edge *appsv1.Deployment
	var templates int
	for _, obj := range render(t, "overlays/production-edge") {
		out, err := decodeStrict(obj)
		if err != nil {
			t.Fatal(err)
		}
		switch o := out.(type) {
		case *appsv1.Deployment:
			if o.Namespace != "podium" {
				t.Errorf("Deployment %s in namespace %q", o.Name, o.Namespace)
			}
			if o.Name == "edge" {
				edge = o
			}
		case *corev1.ConfigMap:
			if strings.HasPrefix(o.Name, "podium-edge-template") {
				templates++
				if o.Data["podium-edge.conf.template"] != string(template) {
					t.Error("the edge ConfigMap does not hold components/edge/podium-edge.conf.template")
				}
			}
		}
	}
	if edge == nil || templates != 1 {
		t.Fatalf("edge Deployment %v, %d template ConfigMaps; want one of each", edge != nil, templates)
	}
	pod := edge.Spec.Template.Spec
	c := pod.Containers[0]
	if sc := c.SecurityContext; pod.SecurityContext == nil || !*pod.SecurityContext.RunAsNonRoot || sc == nil ||
		!*sc.ReadOnlyRootFilesystem || *sc.AllowPrivilegeEscalation || c.Resources.Limits.Cpu().IsZero() ||
		c.ReadinessProbe == nil {
		t.Error("edge container not hardened like the targets")
	}
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	for _, name := range []string{"PODIUM_EDGE_LISTEN", "PODIUM_EDGE_UPSTREAM", "PODIUM_EDGE_CACHE_DIR"} {
		if env[name] == "" || !strings.Contains(string(template), "${"+name+"}") {
			t.Errorf("%s: set %q, used by the template %v", name, env[name], strings.Contains(string(template), "${"+name+"}"))
		}
	}
}
